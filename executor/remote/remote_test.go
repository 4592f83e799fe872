package remote

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/executor"
	"interactagent/httpclient"
	"interactagent/motion"
)

// walker is a stand-in executor: each action walks the rest pose 0.5 m forward over 10 frames.
var walker = executor.Func(func(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error) {
	c := &motion.Clip{FPS: 20}
	for i, a := range actions {
		s := len(c.Frames)
		for k := 0; k < 10; k++ {
			z := 0.5*float64(i) + 0.05*float64(k)
			c.Frames = append(c.Frames, motion.RestPose().Translate(mgl64.Vec3{0, 0, z}))
		}
		c.Segments = append(c.Segments, motion.Segment{Action: a, Start: s, End: len(c.Frames)})
	}
	return c.Place(start), nil
})

func newClient(t *testing.T, url string, opt Options) *Client {
	t.Helper()
	if opt.Policy.Backoff == 0 {
		opt.Policy.Backoff, opt.Policy.MaxWait = time.Millisecond, 5*time.Millisecond
	}
	c, err := New(url, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestClientPlacesServerMotionAtStart(t *testing.T) {
	srv := httptest.NewServer(&Handler{Exec: walker, Model: "test/walker"})
	defer srv.Close()
	c := newClient(t, srv.URL, Options{})
	start := motion.State{Root: mgl64.Vec3{2, 0, -1}, Heading: math.Pi / 2}
	clip, err := c.Execute(context.Background(), start, []string{"A person walks.", "A person walks again."})
	if err != nil {
		t.Fatal(err)
	}
	if clip.Len() != 20 || len(clip.Segments) != 2 || clip.Segments[1].Start != 10 {
		t.Fatalf("got %d frames, segments %+v; want 20 frames in two segments of 10", clip.Len(), clip.Segments)
	}
	if d := clip.Frames[0].Root().Sub(start.Root).Len(); d > 1e-9 {
		t.Errorf("first root %v, want the start %v", clip.Frames[0].Root(), start.Root)
	}
	// Walking toward the start's facing (+X at heading 90°).
	end := clip.EndState().Root.Sub(start.Root)
	if math.Abs(end.X()-0.95) > 1e-6 || math.Abs(end.Z()) > 1e-6 {
		t.Errorf("moved by %v, want 0.95 m along +X", end)
	}
	h, err := c.Health(context.Background())
	if err != nil || h.Model != "test/walker" || h.Status != "ok" {
		t.Errorf("health = %+v, %v", h, err)
	}
}

func TestClientDecodesFeatureReplies(t *testing.T) {
	rest := motion.RestPose()
	row := make([]float64, 263)
	row[3] = rest[motion.Pelvis].Y()
	for j := 1; j < motion.NumJoints; j++ {
		d := rest[j].Sub(mgl64.Vec3{0, 0, 0})
		copy(row[4+3*(j-1):], []float64{d.X(), d.Y(), d.Z()})
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, Reply{FPS: 20, Features: [][]float64{row, row, row}})
	}))
	defer srv.Close()
	clip, err := newClient(t, srv.URL, Options{}).Execute(context.Background(), motion.State{}, []string{"stand"})
	if err != nil {
		t.Fatal(err)
	}
	for j := range rest {
		if d := clip.Frames[2][j].Sub(rest[j]).Len(); d > 1e-9 {
			t.Errorf("%v decoded at %v, want %v", motion.Joint(j), clip.Frames[2][j], rest[j])
		}
	}
	if w := clip.Segments[0].Warnings; len(w) != 1 || !strings.Contains(w[0], "split evenly") {
		t.Errorf("segments without frame ranges should warn, got %v", w)
	}
}

func TestClientRetriesServerErrorsThenSucceeds(t *testing.T) {
	var calls atomic.Int32
	h := &Handler{Exec: walker}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) <= 2 {
			writeError(w, http.StatusServiceUnavailable, "warming up")
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	if _, err := newClient(t, srv.URL, Options{}).Execute(context.Background(), motion.State{}, []string{"walk"}); err != nil {
		t.Fatalf("after two 503s: %v", err)
	}
	if calls.Load() != 3 {
		t.Errorf("server saw %d calls, want 3", calls.Load())
	}
}

func TestClientGivesUpAndQuotesTheServer(t *testing.T) {
	tests := []struct {
		status    int
		wantCalls int32
	}{
		{http.StatusInternalServerError, 3}, // retried twice (Retries: 2)
		{http.StatusBadRequest, 1},          // a client error is not retried
	}
	for _, tc := range tests {
		var calls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			writeError(w, tc.status, "model exploded: CUDA out of memory")
		}))
		_, err := newClient(t, srv.URL, Options{Policy: httpclient.Policy{Retries: 2}}).Execute(context.Background(), motion.State{}, []string{"walk"})
		srv.Close()
		var re *RequestError
		if !errors.As(err, &re) || re.Status != tc.status || !strings.Contains(err.Error(), "CUDA out of memory") {
			t.Errorf("status %d: err = %v, want a RequestError quoting the server", tc.status, err)
		}
		if calls.Load() != tc.wantCalls {
			t.Errorf("status %d: %d calls, want %d", tc.status, calls.Load(), tc.wantCalls)
		}
	}
}

func TestClientRetriesDroppedConnections(t *testing.T) {
	var calls atomic.Int32
	h := &Handler{Exec: walker}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	if _, err := newClient(t, srv.URL, Options{}).Execute(context.Background(), motion.State{}, []string{"walk"}); err != nil {
		t.Fatalf("after a dropped connection: %v", err)
	}
	if calls.Load() != 2 {
		t.Errorf("%d calls, want 2", calls.Load())
	}
}

func TestClientTimesOutOnSlowServers(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	c := newClient(t, srv.URL, Options{Policy: httpclient.Policy{Timeout: 50 * time.Millisecond, Retries: -1}})
	_, err := c.Execute(context.Background(), motion.State{}, []string{"walk"})
	var re *RequestError
	if !errors.As(err, &re) || re.Status != 0 {
		t.Fatalf("err = %v, want a RequestError for the timeout", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := newClient(t, srv.URL, Options{}).Execute(ctx, motion.State{}, []string{"walk"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v, want context.Canceled", err)
	}
}

func TestClientRejectsMalformedReplies(t *testing.T) {
	frame := func(n int) [][]float64 {
		f := make([][]float64, n)
		for j := range f {
			f[j] = make([]float64, 3)
		}
		return f
	}
	tests := []struct {
		name, body, want string
	}{
		{"not JSON", `<html>oops</html>`, "bad JSON"},
		{"overflow", `{"fps": 20, "joints": [[[1e999, 0, 0]]]}`, "bad JSON"},
		{"no motion", `{"fps": 20}`, "no motion"},
		{"wrong joints", mustJSON(Reply{FPS: 20, Joints: [][][]float64{frame(21)}}), "21 joints"},
		{"bad fps", mustJSON(Reply{FPS: 0, Joints: [][][]float64{frame(22)}}), "fps"},
		{"short features", mustJSON(Reply{FPS: 20, Features: [][]float64{{1, 2, 3}}}), "263"},
		{"segments", mustJSON(Reply{FPS: 20, Joints: [][][]float64{frame(22)}, Segments: []motion.Segment{{Start: 0, End: 5}}}), "segment 0"},
		{"too many frames", fmt.Sprintf(`{"fps":20,"joints":[%s]}`, strings.Repeat("[],", MaxFrames)+"[]"), "frames"},
	}
	for _, tc := range tests {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(tc.body))
		}))
		_, err := newClient(t, srv.URL, Options{}).Execute(context.Background(), motion.State{}, []string{"walk"})
		srv.Close()
		var re *ReplyError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want a ReplyError mentioning %q", tc.name, err, tc.want)
		}
	}
}

func TestTokenNeverReachesErrors(t *testing.T) {
	const token = "sk-very-secret-123"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusUnauthorized, "bad credentials: "+r.Header.Get("Authorization"))
	}))
	defer srv.Close()
	_, err := newClient(t, srv.URL, Options{Token: token}).Execute(context.Background(), motion.State{}, []string{"walk"})
	if err == nil || strings.Contains(err.Error(), token) {
		t.Fatalf("err = %v: want an error without the token", err)
	}
}

func TestServerRejectsBadRequests(t *testing.T) {
	srv := httptest.NewServer(&Handler{Exec: walker})
	defer srv.Close()
	tests := []struct{ method, path, body, want string }{
		{"POST", "/v1/execute", `{"actions": []}`, "want 1 to 64 actions"},
		{"POST", "/v1/execute", `{"actions": ["a"], "speed": 3}`, "unknown field"},
		{"POST", "/v1/execute", `not json`, "bad request JSON"},
		{"GET", "/v1/execute", ``, "want POST"},
		{"GET", "/nowhere", ``, "no such endpoint"},
	}
	for _, tc := range tests {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e errorReply
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode/100 != 4 || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s %s %s: %d %q, want a 4xx mentioning %q", tc.method, tc.path, tc.body, resp.StatusCode, e.Error, tc.want)
		}
	}
}

func TestNewRejectsBadURLs(t *testing.T) {
	for _, u := range []string{"", "localhost:8765", "ftp://x", "http://"} {
		if _, err := New(u, Options{}); err == nil {
			t.Errorf("New(%q) accepted a bad URL", u)
		}
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
