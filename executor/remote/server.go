package remote

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"

	"interactagent/executor"
	"interactagent/motion"
)

// Handler serves an executor over the protocol of docs/executor-protocol.md. Motion is returned as
// joint positions in the model's frame (the first root at the origin facing +Z).
type Handler struct {
	Exec  executor.Executor
	Model string      // reported by /v1/health, such as "kinematic/ideal"
	Log   *log.Logger // optional: one line per request
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

func (h *Handler) execute(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeError(w, http.StatusMethodNotAllowed, "want POST")
		return
	}
	req, err := readRequest(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	clip, err := h.Exec.Execute(r.Context(), motion.State{}, req.Actions)
	if err != nil {
		h.logf("execute %d actions: %v", len(req.Actions), err)
		writeError(w, http.StatusInternalServerError, "executor failed: "+err.Error())
		return
	}
	h.logf("executed %d actions → %d frames", len(req.Actions), clip.Len())
	writeJSON(w, http.StatusOK, replyOf(clip, h.Model))
}

func readRequest(r *http.Request) (*Request, error) {
	var req Request
	dec := json.NewDecoder(io.LimitReader(r.Body, MaxRequestSize))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, fmt.Errorf(`bad request JSON (want {"actions": ["A person ..."], "seed": N, "fps": 20}): %v`, err)
	}
	if err := req.Validate(); err != nil {
		return nil, err
	}
	return &req, nil
}

func replyOf(c *motion.Clip, model string) Reply {
	r := Reply{FPS: c.FPS, Segments: c.Segments, Model: model, Joints: make([][][3]float64, c.Len())}
	for t, p := range c.Frames {
		r.Joints[t] = make([][3]float64, motion.NumJoints)
		for j, v := range p {
			r.Joints[t][j] = v
		}
	}
	return r
}

func (h *Handler) logf(format string, args ...any) {
	if h.Log != nil {
		h.Log.Printf(format, args...)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // an error here means the client went away: nobody to tell

}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorReply{Error: msg})
}
