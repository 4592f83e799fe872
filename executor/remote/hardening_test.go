package remote

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"interactagent/executor"
	"interactagent/executor/kinematic"
	"interactagent/motion"
)

// streamServer answers every request with head, then body repeated until total bytes, then tail;
// it reports how many bytes it managed to write.
func streamServer(t *testing.T, head, body, tail string, total int) (*httptest.Server, func() int) {
	var mu sync.Mutex
	wrote := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bw := bufio.NewWriterSize(w, 1<<16)
		n, _ := bw.WriteString(head)
		chunk := strings.Repeat(body, 1<<14)
		for n < total {
			k, err := bw.WriteString(chunk)
			n += k
			if err != nil {
				break
			}
		}
		bw.WriteString(tail)
		bw.Flush()
		mu.Lock()
		wrote = n
		mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	return srv, func() int { mu.Lock(); defer mu.Unlock(); return wrote }
}

// allocatedDuring returns the bytes allocated while f ran.
func allocatedDuring(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestRepliesAreBoundedWhileTheyStream: a 64 MiB reply of empty feature rows cost 2.4 GB and 10 s
// before it was refused, and 370k frames of joints 577 MB; both must now be refused by their value
// count while they stream in, within the memory their limit implies.
func TestRepliesAreBoundedWhileTheyStream(t *testing.T) {
	frame := "[" + strings.TrimSuffix(strings.Repeat("[0,0,0],", motion.NumJoints), ",") + "],"
	cases := []struct {
		name, head, row, tail string
		total                 int
	}{
		{"64 MiB of empty feature rows", `{"fps":20,"features":[`, "[],", "[]]}", 64 << 20},
		{"370k frames of joints", `{"fps":20,"joints":[`, frame, frame + "]}", 370_000 * len(frame)},
	}
	for _, c := range cases {
		srv, _ := streamServer(t, c.head, c.row, c.tail, c.total)
		var err error
		alloc := allocatedDuring(func() {
			_, err = newClient(t, srv.URL, Options{}).Execute(context.Background(), motion.State{}, []string{"walk"})
		})
		var re *ReplyError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), "JSON values") {
			t.Errorf("%s: err = %v, want a ReplyError about the value count", c.name, err)
		}
		if alloc > 200<<20 {
			t.Errorf("%s: %d MB allocated before refusing; want it bounded by the reply's limits", c.name, alloc>>20)
		}
	}
}

// TestJointRowsNeedThreeCoordinates: rows of 2 or 4 numbers were padded or cut to 3 and accepted.
func TestJointRowsNeedThreeCoordinates(t *testing.T) {
	for _, n := range []int{2, 4} {
		f := restJoints()
		f[5] = make([]float64, n)
		body := mustJSON(Reply{FPS: 20, Joints: [][][]float64{f}})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) }))
		_, err := newClient(t, srv.URL, Options{}).Execute(context.Background(), motion.State{}, []string{"walk"})
		srv.Close()
		want := fmt.Sprintf("frame 0, joint 5 has %d coordinates, want 3", n)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%d coordinates: err = %v, want %q", n, err, want)
		}
	}
}

// TestTokenEchoedInARepliesTextsIsScrubbed: a server that echoes the bearer token into a segment
// warning or its model name must not get it printed or stored.
func TestTokenEchoedInARepliesTextsIsScrubbed(t *testing.T) {
	const token = "sk-echoed-secret-42"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		writeJSON(w, 200, Reply{FPS: 20, Joints: [][][]float64{restJoints(), restJoints()}, Model: "echo " + auth,
			Segments: []motion.Segment{{Start: 0, End: 2, Warnings: []string{"you sent " + auth}}}})
	}))
	defer srv.Close()
	clip, err := newClient(t, srv.URL, Options{Token: token}).Execute(context.Background(), motion.State{}, []string{"walk"})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(clip)
	if strings.Contains(string(data), token) || !strings.Contains(string(data), "you sent Bearer [redacted]") {
		t.Fatalf("clip carries %s", data)
	}
}

// TestRedirectToAnotherPortCarriesNoToken: a 307 to another port of the same host forwarded the
// bearer token.
func TestRedirectToAnotherPortCarriesNoToken(t *testing.T) {
	got := make(chan string, 1)
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.Header.Get("Authorization")
		(&Handler{Exec: walker}).ServeHTTP(w, r)
	}))
	defer other.Close()
	first := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer first.Close()
	if _, err := newClient(t, first.URL, Options{Token: "sk-do-not-forward"}).Execute(context.Background(), motion.State{}, []string{"walk"}); err != nil {
		t.Fatal(err)
	}
	if auth := <-got; auth != "" {
		t.Fatalf("the other port received Authorization %q", auth)
	}
}

// post sends body to the handler's server and returns the status, Retry-After and error message.
func post(t *testing.T, url, body string) (int, string, string) {
	t.Helper()
	resp, err := http.Post(url+"/v1/execute", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e errorReply
	json.NewDecoder(resp.Body).Decode(&e)
	return resp.StatusCode, resp.Header.Get("Retry-After"), e.Error
}

// TestServerRefusesEarlyAndClearly: oversized bodies got 400 "unexpected EOF" and a reset, trailing
// garbage got 200, and 64 one-minute waits were answered with 105 MB.
func TestServerRefusesEarlyAndClearly(t *testing.T) {
	srv := httptest.NewServer(&Handler{Exec: kinematic.New(kinematic.Options{})})
	defer srv.Close()
	waits := `{"actions": [` + strings.TrimSuffix(strings.Repeat(`"A person waits for 60 seconds",`, 64), ",") + `]}`
	cases := []struct {
		name, body string
		status     int
		want       string
	}{
		{"oversized", `{"actions": ["` + strings.Repeat("x", MaxRequestSize) + `"]}`, 413, "request body over 1048576 bytes"},
		{"trailing garbage", `{"actions": ["A person walks."]} {"more": 1}`, 400, "trailing data after the JSON value"},
		{"64 minutes of waiting", waits, 422, "more than one reply holds (20000 frames)"},
		{"fine", `{"actions": ["A person walks forward 1 meter."]}`, 200, ""},
	}
	for _, c := range cases {
		status, _, msg := post(t, srv.URL, c.body)
		if status != c.status || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %q, want %d %q", c.name, status, msg, c.status, c.want)
		}
	}
}

// bigExec makes more frames than a reply holds and says nothing beforehand (no Sizer).
var bigExec = executor.Func(func(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error) {
	c := &motion.Clip{FPS: 20, Frames: make([]motion.Pose, MaxFrames+1)}
	for i := range c.Frames {
		c.Frames[i] = motion.RestPose()
	}
	c.Segments = []motion.Segment{{Action: actions[0], Start: 0, End: len(c.Frames)}}
	return c, nil
})

func TestServerRefusesRepliesTooLargeToSend(t *testing.T) {
	srv := httptest.NewServer(&Handler{Exec: bigExec})
	defer srv.Close()
	status, _, msg := post(t, srv.URL, `{"actions": ["A person walks."]}`)
	if status != 500 || !strings.Contains(msg, "more than a reply holds") {
		t.Fatalf("%d %q", status, msg)
	}
}

// TestServerBoundsConcurrency: requests beyond MaxInFlight are refused at once with 429 and a
// Retry-After, not queued.
func TestServerBoundsConcurrency(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	blocking := executor.Func(func(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error) {
		started <- struct{}{}
		<-release
		return walker(ctx, start, actions)
	})
	h := &Handler{Exec: blocking, MaxInFlight: 1}
	srv := httptest.NewServer(h)
	defer srv.Close()
	done := make(chan int)
	go func() {
		status, _, _ := post(t, srv.URL, `{"actions": ["a"]}`)
		done <- status
	}()
	<-started
	status, retry, msg := post(t, srv.URL, `{"actions": ["b"]}`)
	if status != 429 || retry != "1" || !strings.Contains(msg, "1 requests are running") || h.InFlight() != 1 {
		t.Errorf("second request: %d Retry-After %q %q (in flight %d)", status, retry, msg, h.InFlight())
	}
	close(release)
	if s := <-done; s != 200 {
		t.Errorf("first request: %d", s)
	}
}

// TestServerCutsOffHalfSentBodies: a client that sends headers and half a body is disconnected
// after the read timeout instead of holding a connection (and a slot) for ever.
func TestServerCutsOffHalfSentBodies(t *testing.T) {
	h := &Handler{Exec: walker}
	s := h.Server()
	if s.ReadTimeout <= 0 || s.ReadTimeout > time.Minute || s.ReadHeaderTimeout <= 0 || s.WriteTimeout <= 0 {
		t.Fatalf("server timeouts %v / %v / %v: want each set, reading within a minute", s.ReadHeaderTimeout, s.ReadTimeout, s.WriteTimeout)
	}
	s.ReadTimeout = 200 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(ln)
	defer s.Close()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/execute HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"actions\": [")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	reply, err := io.ReadAll(conn) // ends when the server closes the connection
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatal("the server still held the half-sent request after 10 s")
	}
	if len(reply) != 0 && !strings.Contains(string(reply), " 400 ") {
		t.Fatalf("server answered %q", reply)
	}
	if h.InFlight() != 0 {
		t.Fatalf("%d requests still in flight", h.InFlight())
	}
}
