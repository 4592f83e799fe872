package remote

import (
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
// Every request is bounded before it costs anything: the body by MaxRequestSize (413 beyond it),
// its JSON strictly (400 for unknown fields or data after the object), the work by MaxFrames (422
// when the motion would not fit in a reply, found before executing when the executor is an
// executor.Sizer), and the requests executed at once by MaxInFlight (429 with Retry-After when
// full), so that memory stays bounded however many clients call at once.
type Handler struct {
	Exec  executor.Executor
	Model string      // reported by /v1/health, such as "kinematic/ideal"
	Log   *log.Logger // optional: one line per request
	// MaxInFlight bounds the requests executed at once; default 2 per CPU.
	MaxInFlight int

	once     sync.Once
	slots    chan struct{}
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
	if !h.acquire() {
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("%d requests are running, the most this server runs at once; retry in a second", cap(h.slots)))
		return
	}
	defer h.release()
	req, status, err := readRequest(w, r)
	if err != nil {
		writeError(w, status, err.Error())
		return
	}
	if status, err := h.checkSize(r, req); err != nil {
		h.logf("refused %d actions: %v", len(req.Actions), err)
		writeError(w, status, err.Error())
		return
	}
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

// acquire takes one of the execution slots without waiting; false when all are taken.
func (h *Handler) acquire() bool {
	h.once.Do(func() {
		n := h.MaxInFlight
		if n <= 0 {
			n = 2 * runtime.GOMAXPROCS(0)
		}
		h.slots = make(chan struct{}, n)
	})
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

// checkSize refuses, before executing, actions whose motion would not fit in one reply.
func (h *Handler) checkSize(r *http.Request, req *Request) (int, error) {
	s, ok := h.Exec.(executor.Sizer)
	if !ok {
		return 0, nil
	}
	n, err := s.Frames(r.Context(), motion.State{}, req.Actions)
	if err != nil {
		return http.StatusUnprocessableEntity, err
	}
	if n > MaxFrames {
		return http.StatusUnprocessableEntity, fmt.Errorf("these %d actions make %d frames (%.0f s at %g fps), more than one reply holds (%d frames): send fewer or shorter actions per request",
			len(req.Actions), n, float64(n)/executor.FPS, executor.FPS, MaxFrames)
	}
	return 0, nil
}

// readRequest reads and checks the body; the status says what kind of refusal an error is.
func readRequest(w http.ResponseWriter, r *http.Request) (*Request, int, error) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxRequestSize))
	var tooBig *http.MaxBytesError
	switch {
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
