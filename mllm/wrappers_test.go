package mllm

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// counting is a scripted model that counts its calls and reports one image and some tokens each.
func counting(calls *atomic.Int32) *Funcs {
	u := Usage{Requests: 1, Images: 1, PromptTokens: 1000, CompletionTokens: 100}
	return &Funcs{
		ModelName: "test/counting",
		PlanFunc: func(ctx context.Context, in PlanInput) (Plan, error) {
			calls.Add(1)
			return Plan{Meta: Meta{Raw: "raw", Usage: u}, Steps: []string{"A person walks to " + in.Task}}, nil
		},
		ObserveFunc: func(ctx context.Context, in ObserveInput) (Observation, error) {
			calls.Add(1)
			if in.Action == "fail" {
				return Observation{}, errors.New("model exploded")
			}
			return Observation{Meta: Meta{Usage: u}, Decision: Continue, Score: 0.8}, nil
		},
	}
}

func TestCacheRepeatsNoCall(t *testing.T) {
	var calls atomic.Int32
	dir := t.TempDir()
	acc := &Accounts{Prices: DefaultPrices()}
	c, err := WithCache(WithAccounting(counting(&calls), acc), dir)
	if err != nil {
		t.Fatal(err)
	}
	room := &scene.Scene{Name: "r", Objects: []*scene.Object{{ID: "box", Parts: []scene.Part{{Name: "body", Mesh: &scene.Mesh{Vertices: []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Triangles: [][3]int32{{0, 1, 2}}}}}}}}
	in := PlanInput{Context: Context{Task: "the sofa", Scene: room}, Shots: []Image{{Name: "top", PNG: []byte("png-1")}}}
	first, err := c.Plan(context.Background(), in)
	if err != nil || first.Cached {
		t.Fatalf("first call: %+v %v", first, err)
	}
	second, err := c.Plan(context.Background(), in)
	if err != nil || !second.Cached || second.Steps[0] != first.Steps[0] || second.Raw != "raw" || calls.Load() != 1 {
		t.Fatalf("second call: %+v %v after %d calls", second, err, calls.Load())
	}
	// Any change a model would see is another request: the image's pixels, the task, the scene.
	changed := []PlanInput{in, in, in}
	changed[0].Shots = []Image{{Name: "top", PNG: []byte("png-2")}}
	changed[1].Task = "the bed"
	room2 := *room
	room2.Objects = []*scene.Object{{ID: "box", Parts: []scene.Part{{Name: "body", Mesh: &scene.Mesh{Vertices: []mgl64.Vec3{{0, 0, 0}, {2, 0, 0}, {0, 1, 0}}, Triangles: [][3]int32{{0, 1, 2}}}}}}}
	changed[2].Scene = &room2
	for i, in := range changed {
		if r, _ := c.Plan(context.Background(), in); r.Cached {
			t.Errorf("change %d hit the cache", i)
		}
	}
	if calls.Load() != 4 {
		t.Fatalf("%d calls, want 4", calls.Load())
	}
	// Accounting sits inside the cache: the hit cost nothing.
	if tot := acc.Total(); tot.Calls != 4 || tot.Usage.Images != 4 || tot.Usage.PromptTokens != 4000 {
		t.Fatalf("accounts %+v", tot)
	}
	if cost, ok := acc.Cost("gpt-4o"); !ok || cost < 0.0139 || cost > 0.0141 { // 4000 × 2.5e-6 + 400 × 1e-5
		t.Fatalf("cost %v %v", cost, ok)
	}
	// Failures are not cached; they are counted.
	if _, err := c.Observe(context.Background(), ObserveInput{Action: "fail"}); err == nil {
		t.Fatal("no error")
	}
	if _, err := c.Observe(context.Background(), ObserveInput{Action: "fail"}); err == nil || calls.Load() != 6 {
		t.Fatalf("a failure was cached (%d calls)", calls.Load())
	}
	if e := c.Entries(); e[RolePlan] != 4 || e[RoleObserve] != 0 {
		t.Fatalf("entries %v", e)
	}
	if acc.Roles()[RoleObserve].Errors != 2 {
		t.Fatalf("observe tally %+v", acc.Roles()[RoleObserve])
	}
}

// TestCacheFilesHoldNoSecret: a cache file holds the reply, not the request.
func TestCacheFilesHoldNoSecret(t *testing.T) {
	var calls atomic.Int32
	dir := t.TempDir()
	c, _ := WithCache(counting(&calls), dir)
	c.Plan(context.Background(), PlanInput{Context: Context{Task: "sk-secret-in-task-text?"}, Shots: []Image{{PNG: []byte("x")}}})
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			data, _ := os.ReadFile(p)
			var f struct {
				Key   string
				Role  Role
				Reply Plan
			}
			if json.Unmarshal(data, &f) != nil || len(f.Reply.Steps) != 1 || f.Role != RolePlan || !strings.Contains(p, f.Key) {
				t.Errorf("%s: %s", p, data)
			}
		}
		return nil
	})
}

func TestCacheSurvivesACorruptFile(t *testing.T) {
	var calls atomic.Int32
	dir := t.TempDir()
	c, _ := WithCache(counting(&calls), dir)
	in := PlanInput{Context: Context{Task: "x"}}
	c.Plan(context.Background(), in)
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			os.WriteFile(p, []byte("{not json"), 0o644)
		}
		return nil
	})
	if r, err := c.Plan(context.Background(), in); err != nil || r.Cached || calls.Load() != 2 {
		t.Fatalf("corrupt file: %+v %v (%d calls)", r, err, calls.Load())
	}
	if r, _ := c.Plan(context.Background(), in); !r.Cached {
		t.Fatal("the rewritten file was not used")
	}
}

func TestLimiterBoundsConcurrency(t *testing.T) {
	var now, peak atomic.Int32
	slow := &Funcs{CheckFunc: func(ctx context.Context, in CheckInput) (Verdict, error) {
		n := now.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
		now.Add(-1)
		return Verdict{Pass: true}, nil
	}}
	l := NewLimiter(2)
	a, b := WithLimit(slow, l), WithLimit(slow, l) // two models share one limit
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(m Model) {
			defer wg.Done()
			m.Check(context.Background(), CheckInput{})
		}([]Model{a, b}[i%2])
	}
	wg.Wait()
	if peak.Load() != 2 {
		t.Fatalf("peak concurrency %d, want 2", peak.Load())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	full := NewLimiter(1)
	full.acquire(context.Background())
	if _, err := WithLimit(slow, full).Check(ctx, CheckInput{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("waiting on a full limiter with a cancelled context: %v", err)
	}
}

func TestFuncsNamesMissingRoles(t *testing.T) {
	f := &Funcs{ModelName: "scripted"}
	if _, err := f.Reflect(context.Background(), ReflectInput{}); err == nil || !strings.Contains(err.Error(), "scripted plays no reflect role") {
		t.Fatal(err)
	}
}

func TestReadPrices(t *testing.T) {
	p, err := ReadPrices([]byte(`{"my-model": {"prompt_per_million_tokens": 1, "completion_per_million_tokens": 2}}`))
	if err != nil || p["my-model"].CompletionPerMillion != 2 {
		t.Fatal(p, err)
	}
	for _, bad := range []string{`{"m": {"prompt_per_million_tokens": -1}}`, `{"m": {"price": 1}}`, `[]`} {
		if _, err := ReadPrices([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// keyed is a model whose replies depend on a setting its name does not show.
type keyed struct {
	*Funcs
	setting string
}

func (k keyed) CacheKey() string { return k.setting }

// TestCacheKeysFollowSettings: the same model name under other settings shares no reply, however
// the wrappers are stacked.
func TestCacheKeysFollowSettings(t *testing.T) {
	var calls atomic.Int32
	dir := t.TempDir()
	in := PlanInput{Context: Context{Task: "x"}}
	for _, setting := range []string{"prompts-a", "prompts-b", "prompts-a"} {
		m := WithAccounting(keyed{counting(&calls), setting}, &Accounts{})
		c, _ := WithCache(m, dir)
		c.Plan(context.Background(), in)
	}
	if calls.Load() != 2 {
		t.Fatalf("%d calls, want 2: one per setting", calls.Load())
	}
}

// A cache file was answered to whatever request it was stored under: a reply copied (or edited)
// under another request's name came back as that request's reply. Each file now carries its key
// and role, and a file that answers another request — or an old file without them — is a miss.
func TestCacheAnswersOnlyTheRequestAFileWasStoredFor(t *testing.T) {
	var calls atomic.Int32
	dir := t.TempDir()
	c, _ := WithCache(counting(&calls), dir)
	ctx := context.Background()
	a, b := PlanInput{Context: Context{Task: "walk to the sofa"}}, PlanInput{Context: Context{Task: "lie on the bed"}}
	ra, _ := c.Plan(ctx, a)
	c.Plan(ctx, b)
	files := map[string]string{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			data, _ := os.ReadFile(p)
			files[p] = string(data)
		}
		return nil
	})
	if len(files) != 2 {
		t.Fatalf("%d cache files, want 2", len(files))
	}
	var pa, pb string
	for p, data := range files {
		if strings.Contains(data, "walk to the sofa") {
			pa = p
		} else {
			pb = p
		}
	}
	os.WriteFile(pb, []byte(files[pa]), 0o644) // b's file now holds a's reply
	if r, _ := c.Plan(ctx, b); r.Cached || calls.Load() != 3 || reflect.DeepEqual(r.Steps, ra.Steps) {
		t.Fatalf("b was answered with a's reply from the cache: %+v (%d calls)", r, calls.Load())
	}
	old, _ := json.Marshal(ra) // a file as caches wrote them before they carried their key
	os.WriteFile(pa, old, 0o644)
	if r, _ := c.Plan(ctx, a); r.Cached || calls.Load() != 4 {
		t.Fatalf("a file without its key answered: %+v (%d calls)", r, calls.Load())
	}
	if r, _ := c.Plan(ctx, a); !r.Cached || calls.Load() != 4 {
		t.Fatalf("the rewritten file was not used: %+v (%d calls)", r, calls.Load())
	}
}
