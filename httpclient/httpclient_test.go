package httpclient

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fast is a policy whose waits are short enough for tests.
var fast = Policy{Timeout: 2 * time.Second, Total: 10 * time.Second, Retries: 3, Backoff: time.Millisecond, MaxWait: 5 * time.Millisecond}

// get calls url under the policy and returns the body of the 2xx reply.
func get(ctx context.Context, p Policy, url string) (string, error) {
	var body string
	err := p.Do(ctx, Client(nil), func(ctx context.Context) (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	}, func(resp *http.Response) error {
		b, err := io.ReadAll(resp.Body)
		body = string(b)
		return err
	})
	return body, err
}

// scripted serves the given statuses in turn (0 means: drop the connection), then 200 "ok".
func scripted(t *testing.T, statuses ...int) (*httptest.Server, *atomic.Int32) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		if i >= len(statuses) {
			io.WriteString(w, "ok")
			return
		}
		switch s := statuses[i]; s {
		case 0:
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		default:
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(s)
			io.WriteString(w, `{"error":"busy"}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func TestDoRetries(t *testing.T) {
	cases := []struct {
		name     string
		statuses []int
		tries    int32
		wantErr  string
	}{
		{"ok at once", nil, 1, ""},
		{"500 then ok", []int{500}, 2, ""},
		{"429, 503, dropped, then ok", []int{429, 503, 0}, 4, ""},
		{"400 is final", []int{400}, 1, "server answered 400"},
		{"404 is final", []int{404, 500}, 1, "server answered 404"},
		{"500 four times gives up", []int{500, 500, 500, 500}, 4, "gave up after 4 tries"},
	}
	for _, c := range cases {
		srv, n := scripted(t, c.statuses...)
		body, err := get(context.Background(), fast, srv.URL)
		switch {
		case c.wantErr == "" && (err != nil || body != "ok"):
			t.Errorf("%s: %q, %v", c.name, body, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: err %v, want %q", c.name, err, c.wantErr)
		}
		if n.Load() != c.tries {
			t.Errorf("%s: %d tries, want %d", c.name, n.Load(), c.tries)
		}
	}
	srv, _ := scripted(t, 418)
	_, err := get(context.Background(), fast, srv.URL)
	var se *StatusError
	if !errors.As(err, &se) || se.Status != 418 || string(se.Body) != `{"error":"busy"}` {
		t.Fatalf("status error %#v", err)
	}
}

// TestHungServerFailsWithinTheDeadline: a server that accepts and never answers ends the call
// through the per-try timeout and then the total deadline, not after minutes.
func TestHungServerFailsWithinTheDeadline(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	p := Policy{Timeout: 50 * time.Millisecond, Total: 400 * time.Millisecond, Retries: 1000, Backoff: time.Millisecond}
	start := time.Now()
	_, err := get(context.Background(), p, srv.URL)
	var g *GaveUpError
	var te *TransportError
	if !errors.As(err, &g) || !g.Deadline || !errors.As(err, &te) || !te.Timeout {
		t.Fatalf("err %v, want a timeout that gave up at the total deadline", err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Fatalf("took %v: the deadline did not hold", el)
	}
	if !strings.Contains(err.Error(), "the try's timeout passed") || strings.Contains(err.Error(), srv.URL) {
		t.Fatalf("message %q: want the timeout said, without the URL", err)
	}
}

// TestReplyCutShortIsRetried: a reply that promises more bytes than it sends is a dropped
// connection, tried again; an unusable reply is not.
func TestReplyCutShortIsRetried(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Content-Length", "1000")
			io.WriteString(w, "partial")
			return
		}
		io.WriteString(w, "ok")
	}))
	defer srv.Close()
	if body, err := get(context.Background(), fast, srv.URL); err != nil || body != "ok" || n.Load() != 2 {
		t.Fatalf("%q, %v after %d tries", body, err, n.Load())
	}
	unusable := errors.New("not a clip")
	tries := 0
	err := fast.Do(context.Background(), Client(nil), func(ctx context.Context) (*http.Request, error) {
		tries++
		return http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	}, func(*http.Response) error { return unusable })
	if !errors.Is(err, unusable) || tries != 1 {
		t.Fatalf("unusable reply: %v after %d tries", err, tries)
	}
}

func TestCancelStopsAtOnce(t *testing.T) {
	srv, _ := scripted(t, 500, 500, 500, 500, 500)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := get(ctx, fast, srv.URL); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
}

// TestRedirectKeepsCredentialsAtHome: a 307 to the same origin keeps the bearer token; to another
// port of the same host, or another host, it does not.
func TestRedirectKeepsCredentialsAtHome(t *testing.T) {
	seen := make(chan string, 4)
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen <- "other:" + r.Header.Get("Authorization") + r.Header.Get("X-Api-Key")
	}))
	defer other.Close()
	home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, other.URL+"/x", http.StatusTemporaryRedirect)
		case "/here":
			http.Redirect(w, r, "/final", http.StatusTemporaryRedirect)
		default:
			seen <- "home:" + r.Header.Get("Authorization")
		}
	}))
	defer home.Close()
	call := func(path string) string {
		err := fast.Do(context.Background(), Client(nil), func(ctx context.Context) (*http.Request, error) {
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, home.URL+path, strings.NewReader("{}"))
			if err == nil {
				req.Header.Set("Authorization", "Bearer s3cret-token")
				req.Header.Set("X-Api-Key", "s3cret-token")
			}
			return req, err
		}, func(*http.Response) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		return <-seen
	}
	if got := call("/here"); got != "home:Bearer s3cret-token" {
		t.Errorf("same-origin redirect: server saw %q", got)
	}
	if got := call("/away"); got != "other:" {
		t.Errorf("redirect to another port: server saw %q, want no credentials", got)
	}
}

func TestParseRetryAfter(t *testing.T) {
	future := time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat)
	for in, want := range map[string][2]time.Duration{
		"3": {3 * time.Second, 3 * time.Second}, " 0 ": {0, 0}, "": {0, 0}, "-1": {0, 0}, "soon": {0, 0},
		future: {25 * time.Second, 31 * time.Second},
	} {
		if got := parseRetryAfter(in); got < want[0] || got > want[1] {
			t.Errorf("parseRetryAfter(%q) = %v, want %v–%v", in, got, want[0], want[1])
		}
	}
}

func TestScrub(t *testing.T) {
	const key = "sk-abc123XYZ"
	in := `{"error":"bad key sk-abc123XYZ","warnings":["token=sk-abc123XYZ"]}`
	out := Scrub(in, key, "", "ab")
	if strings.Contains(out, key) || strings.Count(out, Redacted) != 2 || !strings.Contains(out, "bad key") {
		t.Fatalf("Scrub = %q", out)
	}
	if got := string(ScrubBytes([]byte(in), key)); got != out {
		t.Fatalf("ScrubBytes = %q, want %q", got, out)
	}
	plain := []byte("nothing secret")
	if got := ScrubBytes(plain, key); &got[0] != &plain[0] {
		t.Fatal("ScrubBytes copied data without a secret in it")
	}
}

func TestPolicyDefaultsAndValidate(t *testing.T) {
	d := Policy{}.Defaults()
	if d.Timeout != 20*time.Second || d.Total != time.Minute || d.Retries != 3 || d.Backoff != 250*time.Millisecond {
		t.Fatalf("defaults %+v", d)
	}
	if (Policy{Retries: -1}).Defaults().Retries != -1 {
		t.Fatal("negative retries must stay: they mean none")
	}
	if err := (Policy{Timeout: time.Minute, Total: time.Second}).Validate(); err == nil {
		t.Fatal("total shorter than one try accepted")
	}
	if err := (Policy{Timeout: -time.Second}).Validate(); err == nil {
		t.Fatal("negative timeout accepted")
	}
}
