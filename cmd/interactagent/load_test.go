package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Load test figures (README, Performance): the bound the server's peak resident memory must stay
// under while the test runs, with --max-in-flight equal to the clients' concurrency.
const (
	loadRequests    = 2000
	loadConcurrency = 32
	loadRSSBoundMB  = 512
)

// loadRequest is one request of the load test and what answer is acceptable.
type loadRequest struct {
	kind string
	body []byte
}

// loadMix makes the test's requests: 10 % malformed, 5 % oversized, 1 % heavy (about 18,000
// frames, near a reply's limit) and the rest ordinary plans of one to four actions.
func loadMix(rng *rand.Rand) []loadRequest {
	actions := []string{"A person walks forward 1.5 meters", "A person turns left by 90 degrees", "A person sits down",
		"A person walks backward 0.5 meters", "A person stands up", "A person turns right by 45 degrees", "A person waits for 2 seconds"}
	malformed := []string{`{"actions": [`, `not json`, `{"actions": []}`, `{"actions": ["a"], "speed": 1}`, `{"actions": ["a"]} trailing`, `{"actions": "a"}`}
	oversized := []byte(`{"actions": ["` + strings.Repeat("x", 1536<<10) + `"]}`)
	heavy, _ := json.Marshal(map[string]any{"actions": slices.Repeat([]string{"A person waits for 60 seconds"}, 15)})
	reqs := make([]loadRequest, loadRequests)
	for i := range reqs {
		switch r := rng.IntN(100); {
		case r < 10:
			reqs[i] = loadRequest{"malformed", []byte(malformed[rng.IntN(len(malformed))])}
		case r < 15:
			reqs[i] = loadRequest{"oversized", oversized}
		case r < 16:
			reqs[i] = loadRequest{"heavy", heavy}
		default:
			var plan []string
			for k := rng.IntN(4); k >= 0; k-- {
				plan = append(plan, actions[rng.IntN(len(actions))])
			}
			body, _ := json.Marshal(map[string]any{"actions": plan, "seed": rng.Uint64()})
			reqs[i] = loadRequest{"ordinary", body}
		}
	}
	return reqs
}

// wantStatus is the answer each kind of request must get.
var wantStatus = map[string]int{"malformed": 400, "oversized": 413, "heavy": 200, "ordinary": 200}

// TestServeExecutorUnderLoad sends 2,000 requests at concurrency 32 to a serve-executor process on
// 127.0.0.1: every answer must be the clear status its request deserves (with a JSON error body
// when refused), and the server's peak resident memory must stay under loadRSSBoundMB. It logs
// the latency percentiles the README reports.
func TestServeExecutorUnderLoad(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("load test: not under the race detector or -short")
	}
	cmd, log := startCLI(t, "serve-executor", "--addr", "127.0.0.1:0", "--max-in-flight", strconv.Itoa(loadConcurrency))
	defer cmd.Process.Kill()
	addr := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)`)
	var base string
	if !waitFor(30*time.Second, func() bool { m := addr.FindStringSubmatch(log.String()); base = "http://" + m1(m); return m != nil }) {
		t.Fatalf("server did not start: %s", log)
	}
	reqs := loadMix(rand.New(rand.NewPCG(1, 2)))
	lat := make([]time.Duration, len(reqs))
	bad := make(chan string, len(reqs))
	var wg sync.WaitGroup
	next := make(chan int)
	client := &http.Client{Timeout: time.Minute}
	for w := 0; w < loadConcurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				start := time.Now()
				if msg := sendLoad(client, base, reqs[i]); msg != "" {
					bad <- fmt.Sprintf("request %d (%s): %s", i, reqs[i].kind, msg)
				}
				lat[i] = time.Since(start)
			}
		}()
	}
	start := time.Now()
	for i := range reqs {
		next <- i
	}
	close(next)
	wg.Wait()
	wall := time.Since(start)
	close(bad)
	for msg := range bad {
		t.Error(msg)
	}
	rss := peakRSSMB(t, cmd.Process.Pid)
	slices.Sort(lat)
	t.Logf("%d requests at concurrency %d in %v: p50 %v, p99 %v, max %v; server peak RSS %d MB (bound %d MB)",
		len(reqs), loadConcurrency, wall.Round(time.Millisecond), lat[len(lat)/2].Round(time.Microsecond),
		lat[len(lat)*99/100].Round(time.Microsecond), lat[len(lat)-1].Round(time.Microsecond), rss, loadRSSBoundMB)
	if rss > loadRSSBoundMB {
		t.Errorf("server peak RSS %d MB, over the bound of %d MB", rss, loadRSSBoundMB)
	}
}

// m1 returns the first submatch, or "".
func m1(m []string) string {
	if len(m) < 2 {
		return ""
	}
	return m[1]
}

// sendLoad sends one request and returns what was wrong with the answer ("" when it was right).
func sendLoad(c *http.Client, base string, r loadRequest) string {
	resp, err := c.Post(base+"/v1/execute", "application/json", bytes.NewReader(r.body))
	if err != nil {
		return "no answer: " + err.Error()
	}
	defer resp.Body.Close()
	want := wantStatus[r.kind]
	if resp.StatusCode == http.StatusTooManyRequests && resp.Header.Get("Retry-After") != "" {
		want = resp.StatusCode // a clear refusal, which a well-behaved client retries
	}
	if resp.StatusCode != want {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return fmt.Sprintf("status %d, want %d: %s", resp.StatusCode, want, body)
	}
	if want != 200 {
		var e struct{ Error string }
		if json.NewDecoder(resp.Body).Decode(&e) != nil || e.Error == "" {
			return fmt.Sprintf("status %d without a JSON error message", want)
		}
		return ""
	}
	head := make([]byte, 7)
	if _, err := io.ReadFull(resp.Body, head); err != nil || string(head) != `{"fps":` {
		return fmt.Sprintf("reply starts %q (%v)", head, err)
	}
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return "reply cut short: " + err.Error()
	}
	return ""
}

// peakRSSMB reads a process's peak resident memory (VmHWM) from /proc.
func peakRSSMB(t *testing.T, pid int) int {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc to read the server's memory: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return kb >> 10
		}
	}
	t.Fatal("no VmHWM in /proc status")
	return 0
}

// TestFlagsAfterArguments: every command reads flags after its positional arguments too, and
// "--" ends the flags.
func TestFlagsAfterArguments(t *testing.T) {
	if _, err := os.Stat(sampleFeatures); err != nil {
		t.Skipf("no HumanML3D sample: %v", err)
	}
	checkRun(t, []string{"info", sampleFeatures, "--json"}, 0, []string{`"frames": 199`})
	fs := newFlags("x", "A...", io.Discard)
	n := fs.Int("n", 0, "")
	if err := fs.parse([]string{"a", "-n", "3", "b", "--", "-n", "c"}); err != nil {
		t.Fatal(err)
	}
	if *n != 3 || strings.Join(fs.Args(), " ") != "a b -n c" || fs.NArg() != 4 || fs.Arg(9) != "" {
		t.Errorf("n = %d, args %q", *n, fs.Args())
	}
}
