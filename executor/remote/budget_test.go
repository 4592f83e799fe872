package remote

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"interactagent/executor"
	"interactagent/motion"
)

// settled wraps a handler so that done receives one value per request, as soon as the handler
// began to read its body or answered it, whichever comes first: from then on, a handler that
// takes its slot before reading holds it.
func settled(h http.Handler, done chan<- struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var once sync.Once
		signal := func() { once.Do(func() { done <- struct{}{} }) }
		r.Body = &firstRead{ReadCloser: r.Body, read: signal}
		h.ServeHTTP(w, r)
		signal()
	})
}

// firstRead calls read before every read of the body.
type firstRead struct {
	io.ReadCloser
	read func()
}

func (f *firstRead) Read(p []byte) (int, error) {
	f.read()
	return f.ReadCloser.Read(p)
}

// receive waits for n values of c, failing the test after a minute: a wait for other
// goroutines, not a measurement of speed.
func receive(t *testing.T, c <-chan struct{}, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		select {
		case <-c:
		case <-time.After(time.Minute):
			t.Fatalf("%d of %d requests reached the handler within a minute", i, n)
		}
	}
}

// trickle opens a connection and sends a request whose body stops after its first bytes; the
// caller closes it before the server.
func trickle(t *testing.T, addr string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "POST /v1/execute HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"actions\": [")
	return conn
}

// TestSlowBodiesDoNotLockOthersOut: more connections than MaxInFlight, each sending the start of a
// body and then nothing, used to hold every slot until the read timeout, so that every other
// client got 429; a normal request must now be served while they trickle, and the slots must
// still be free afterwards.
func TestSlowBodiesDoNotLockOthersOut(t *testing.T) {
	const slots = 2
	h := &Handler{Exec: walker, MaxInFlight: slots}
	started := make(chan struct{}, 2*slots+8)
	srv := httptest.NewServer(settled(h, started))
	defer srv.Close()
	for i := 0; i < 2*slots; i++ {
		defer trickle(t, srv.Listener.Addr().String()).Close()
	}
	receive(t, started, 2*slots) // every slow body is being read (or was refused)
	for i := 0; i < 3; i++ {
		if status, _, msg := post(t, srv.URL, `{"actions": ["A person walks forward 1 meter."]}`); status != 200 {
			t.Fatalf("request %d beside %d slow bodies: %d %q, want 200", i+1, 2*slots, status, msg)
		}
	}
	if !eventually(func() bool { return h.InFlight() == 0 }) {
		t.Errorf("%d requests hold a slot while only slow bodies remain", h.InFlight())
	}
}

// TestBodiesInFlightAreBounded: the bytes of the bodies being read at once are bounded; a body
// that does not fit beside them is refused with 429 and Retry-After, and one that fits is served.
func TestBodiesInFlightAreBounded(t *testing.T) {
	h := &Handler{Exec: walker, MaxBodyBytesInFlight: MaxRequestSize}
	srv := httptest.NewServer(h)
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	held := MaxRequestSize - 20
	fmt.Fprintf(conn, "POST /v1/execute HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", MaxRequestSize, strings.Repeat(" ", held))
	if !eventually(func() bool { return h.bodies.inUse() == int64(held) }) {
		t.Fatalf("the slow body holds %d bytes of the budget, want %d", h.bodies.inUse(), held)
	}
	status, retry, msg := post(t, srv.URL, `{"actions": ["A person walks forward 1 meter, then a little further on."]}`)
	if status != 429 || retry != "1" || !strings.Contains(msg, "request bodies being read") {
		t.Errorf("a body beside a held megabyte: %d Retry-After %q %q, want 429", status, retry, msg)
	}
	if status, _, msg := post(t, srv.URL, `{"actions": ["a"]}`); status != 200 {
		t.Errorf("a body that fits: %d %q, want 200", status, msg)
	}
	conn.Close()
	if !eventually(func() bool { return h.bodies.inUse() == 0 }) {
		t.Errorf("%d bytes still taken after the slow client left", h.bodies.inUse())
	}
}

// sized is a Sizer that makes frames frames per request and blocks until released.
type sized struct {
	frames  int
	running chan struct{}
	release chan struct{}
}

func (s *sized) Frames(ctx context.Context, start motion.State, actions []string) (int, error) {
	return s.frames, nil
}

func (s *sized) Execute(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error) {
	s.running <- struct{}{}
	<-s.release
	c := &motion.Clip{FPS: executor.FPS, Frames: make([]motion.Pose, s.frames)}
	for i := range c.Frames {
		c.Frames[i] = motion.RestPose()
	}
	c.Segments = []motion.Segment{{Action: actions[0], Start: 0, End: s.frames}}
	return c, nil
}

// TestFramesInFlightAreBounded: with free slots, a request whose motion would pass the frames
// the running requests may make at once is refused with 429, and served once they finish.
func TestFramesInFlightAreBounded(t *testing.T) {
	ex := &sized{frames: MaxFrames / 2, running: make(chan struct{}, 4), release: make(chan struct{})}
	h := &Handler{Exec: ex, MaxInFlight: 8, MaxFramesInFlight: MaxFrames}
	srv := httptest.NewServer(h)
	defer srv.Close()
	done := make(chan int, 2)
	for i := 0; i < 2; i++ {
		go func() {
			status, _, _ := post(t, srv.URL, `{"actions": ["a"]}`)
			done <- status
		}()
		<-ex.running
	}
	status, retry, msg := post(t, srv.URL, `{"actions": ["b"]}`)
	if status != 429 || retry != "1" || !strings.Contains(msg, "frames") {
		t.Errorf("a third half-limit request: %d Retry-After %q %q, want 429", status, retry, msg)
	}
	close(ex.release)
	for i := 0; i < 2; i++ {
		if s := <-done; s != 200 {
			t.Errorf("a running request: %d, want 200", s)
		}
	}
	if status, _, msg := post(t, srv.URL, `{"actions": ["b"]}`); status != 200 {
		t.Errorf("after the others finished: %d %q, want 200", status, msg)
	}
	if !eventually(func() bool { return h.frames.inUse() == 0 }) {
		t.Errorf("%d frames still taken with nothing running", h.frames.inUse())
	}
}

// eventually reports whether cond holds within 10 s: a wait for another goroutine, not a
// measurement of speed.
func eventually(cond func() bool) bool {
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}
