package remote

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"interactagent/executor"
	"interactagent/fileio"
	"interactagent/motion"
)

// Handler serves an executor over the protocol of docs/executor-protocol.md. Motion is returned as
// joint positions in the model's frame (the first root at the origin facing +Z).
//
// Every request is bounded before it costs anything: the body by MaxRequestSize (413 beyond it)
// and by the server's read timeout (Server sets it), its JSON strictly (400 for unknown fields or
// data after the object), the work by MaxFrames (422 when the motion would not fit in a reply,
// found before executing when the executor is an executor.Sizer). What requests hold at once is
// bounded too, each refused at once with 429 and Retry-After when full, never queued: the bytes
// of the bodies being read (MaxBodyBytesInFlight), the requests executing (MaxInFlight) and the
// frames of their motion (MaxFramesInFlight). A request takes its execution slot only once its
// body is read, so clients that send their bodies slowly hold buffers, not slots, and cannot lock
// others out. Memory therefore stays bounded however many clients call at once: the executing
// requests' motion, about 528 bytes a frame (twice that in resident memory, with the
// collector's headroom), and the bodies' bytes.
type Handler struct {
	Exec  executor.Executor
	Model string      // reported by /v1/health, such as "kinematic/ideal"
	Log   *log.Logger // optional: one line per request
	// MaxInFlight bounds the requests executed at once; default 2 per CPU.
	MaxInFlight int
	// MaxFramesInFlight bounds the frames of the motion of the requests executed at once, as an
	// executor.Sizer predicts them (a request to an executor that is not one counts MaxFrames);
	// default DefaultFramesInFlight, and never below MaxFrames, so that one request always fits.
	MaxFramesInFlight int
	// MaxBodyBytesInFlight bounds the bytes of the request bodies being read at once; default
	// DefaultBodyBytesInFlight, and never below MaxRequestSize.
	MaxBodyBytesInFlight int64

	once     sync.Once
	slots    chan struct{}
	frames   budget
	bodies   budget
	inFlight atomic.Int64
}

// ServeHTTP routes /v1/execute and /v1/health.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/v1/execute":
		h.execute(w, r)
	case "/v1/health":
		writeJSON(w, http.StatusOK, Health{Status: "ok", Model: h.Model, FPS: executor.FPS})
	default:
		writeError(w, http.StatusNotFound, fmt.Sprintf("no such endpoint %q: want POST /v1/execute or GET /v1/health", r.URL.Path))
	}
}

// InFlight returns how many requests are being executed now.
func (h *Handler) InFlight() int { return int(h.inFlight.Load()) }

// Server returns an http.Server for h with the timeouts the protocol promises: headers within 10
// s, a whole request within 30 s (a client that sends half a body is cut off, not waited for), a
// reply written within 2 minutes, idle connections closed after a minute.
func (h *Handler) Server() *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}

func (h *Handler) execute(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeError(w, http.StatusMethodNotAllowed, "want POST")
		return
	}
	h.init()
	req, status, err := h.readRequest(w, r)
	if err != nil {
		refuse(w, status, err)
		return
	}
	if !h.acquire() {
		refuse(w, http.StatusTooManyRequests, fmt.Errorf("%d requests are running, the most this server runs at once; retry in a second", cap(h.slots)))
		return
	}
	defer h.release()
	frames, status, err := h.checkSize(r, req)
	if err != nil {
		h.logf("refused %d actions: %v", len(req.Actions), err)
		refuse(w, status, err)
		return
	}
	if !h.frames.take(int64(frames)) {
		refuse(w, http.StatusTooManyRequests, fmt.Errorf("the requests running make up to %d frames of motion, and these %d actions would make %d more than this server holds at once (%d); retry in a second",
			h.frames.inUse(), len(req.Actions), frames, h.frames.max))
		return
	}
	defer h.frames.give(int64(frames))
	h.run(w, r, req)
}

// run executes a request and streams its reply.
func (h *Handler) run(w http.ResponseWriter, r *http.Request, req *Request) {
	clip, err := h.Exec.Execute(r.Context(), motion.State{}, req.Actions)
	if err == nil && clip.Len() > MaxFrames {
		err = fmt.Errorf("the motion has %d frames, more than a reply holds (%d)", clip.Len(), MaxFrames)
	}
	if err != nil {
		h.logf("execute %d actions: %v", len(req.Actions), err)
		writeError(w, http.StatusInternalServerError, "executor failed: "+err.Error())
		return
	}
	h.logf("executed %d actions → %d frames", len(req.Actions), clip.Len())
	w.Header().Set("Content-Type", "application/json")
	_ = writeReply(w, clip, h.Model) // an error here means the client went away: nobody to tell
}

// init sizes the slots and budgets from the Handler's fields, once.
func (h *Handler) init() {
	h.once.Do(func() {
		n := h.MaxInFlight
		if n <= 0 {
			n = 2 * runtime.GOMAXPROCS(0)
		}
		h.slots = make(chan struct{}, n)
		h.frames.max = int64(max(MaxFrames, cmp.Or(h.MaxFramesInFlight, DefaultFramesInFlight)))
		h.bodies.max = max(MaxRequestSize, cmp.Or(h.MaxBodyBytesInFlight, DefaultBodyBytesInFlight))
	})
}

// refuse answers an error; a 429 says when to retry.
func refuse(w http.ResponseWriter, status int, err error) {
	if status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "1")
	}
	writeError(w, status, err.Error())
}

// acquire takes one of the execution slots without waiting; false when all are taken.
func (h *Handler) acquire() bool {
	select {
	case h.slots <- struct{}{}:
		h.inFlight.Add(1)
		return true
	default:
		return false
	}
}

func (h *Handler) release() {
	h.inFlight.Add(-1)
	<-h.slots
}

// checkSize refuses, before executing, actions whose motion would not fit in one reply, and
// returns the frames they will make: as an executor.Sizer predicts them, else MaxFrames.
func (h *Handler) checkSize(r *http.Request, req *Request) (int, int, error) {
	s, ok := h.Exec.(executor.Sizer)
	if !ok {
		return MaxFrames, 0, nil
	}
	n, err := s.Frames(r.Context(), motion.State{}, req.Actions)
	if err != nil {
		return 0, http.StatusUnprocessableEntity, err
	}
	if n > MaxFrames {
		return 0, http.StatusUnprocessableEntity, fmt.Errorf("these %d actions make %d frames (%.0f s at %g fps), more than one reply holds (%d frames): send fewer or shorter actions per request",
			len(req.Actions), n, float64(n)/executor.FPS, executor.FPS, MaxFrames)
	}
	return max(n, 0), 0, nil
}

// readRequest reads and checks the body, its bytes taken from the bodies' budget while it is
// read; the status says what kind of refusal an error is.
func (h *Handler) readRequest(w http.ResponseWriter, r *http.Request) (*Request, int, error) {
	body := &bodyReader{r: http.MaxBytesReader(w, r.Body, MaxRequestSize), b: &h.bodies}
	defer body.release()
	data, err := io.ReadAll(body)
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, errBodiesFull):
		return nil, http.StatusTooManyRequests, fmt.Errorf("the request bodies being read fill the %d bytes this server buffers at once; retry in a second", h.bodies.max)
	case errors.As(err, &tooBig):
		return nil, http.StatusRequestEntityTooLarge, fmt.Errorf("request body over %d bytes: send fewer or shorter actions", MaxRequestSize)
	case err != nil:
		return nil, http.StatusBadRequest, fmt.Errorf("reading the request body: %v", err)
	}
	var req Request
	if err := fileio.DecodeJSON(data, &req, true); err != nil {
		return nil, http.StatusBadRequest, fmt.Errorf(`bad request JSON (want {"actions": ["A person ..."], "seed": N, "fps": 20}): %v`, err)
	}
	if err := req.Validate(); err != nil {
		return nil, http.StatusBadRequest, err
	}
	return &req, 0, nil
}

func (h *Handler) logf(format string, args ...any) {
	if h.Log != nil {
		h.Log.Printf(format, args...)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = jsonEncode(w, v) // an error here means the client went away: nobody to tell
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorReply{Error: msg})
}
