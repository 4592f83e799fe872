package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/executor"
	"interactagent/fileio"
	"interactagent/httpclient"
	"interactagent/motion"
)

// Options configure a Client; the zero value of each field takes the default named beside it.
type Options struct {
	HTTP   *http.Client      // default: http.DefaultClient's settings; redirects never carry the token elsewhere
	Policy httpclient.Policy // timeouts, total deadline and retries; zero fields take httpclient's defaults
	Seed   uint64            // sent with every request
	FPS    float64           // requested frame rate, default executor.FPS (20)
	Token  string            // bearer token; never logged, quoted or stored, and scrubbed from replies
}

// Client runs actions on a remote MotionLLM server; it implements executor.Executor and is safe for
// concurrent use.
type Client struct {
	endpoint string
	opt      Options
	http     *http.Client
}

// New returns a client for the server at baseURL (such as "http://127.0.0.1:8765").
func New(baseURL string, opt Options) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return nil, fmt.Errorf("remote: executor URL %q, want http://host:port or https://host:port (a token goes in Options.Token, not the URL)", redactURL(baseURL))
	}
	if err := opt.Policy.Validate(); err != nil {
		return nil, fmt.Errorf("remote: %w", err)
	}
	if opt.FPS == 0 {
		opt.FPS = executor.FPS
	}
	return &Client{endpoint: u.String(), opt: opt, http: httpclient.Client(opt.HTTP)}, nil
}

// redactURL hides a password given inside a URL before the URL is quoted.
func redactURL(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		return u.Redacted()
	}
	return raw
}

// RequestError means the server could not be asked or refused the request (a connection error, a
// timeout, a non-2xx status after the allowed retries).
type RequestError struct {
	URL    string
	Status int // 0 when no HTTP answer came
	Msg    string
	Err    error // the cause (context.Canceled, an *httpclient.TransportError, ...)
}

// Unwrap returns the cause, if any.
func (e *RequestError) Unwrap() error { return e.Err }

// Error says which server, what status (when one came) and what went wrong.
func (e *RequestError) Error() string {
	if e.Status == 0 {
		return fmt.Sprintf("remote: %s: %s", e.URL, e.Msg)
	}
	return fmt.Sprintf("remote: %s: server answered %d: %s", e.URL, e.Status, e.Msg)
}

// ReplyError means the server answered but its reply cannot be used (bad JSON, wrong shapes, NaN,
// absurd sizes).
type ReplyError struct {
	URL string
	Msg string
}

// Error says which server and why its reply cannot be used.
func (e *ReplyError) Error() string {
	return fmt.Sprintf("remote: %s: unusable reply: %s", e.URL, e.Msg)
}

// Execute sends the actions to the server and returns its motion placed at start.
func (c *Client) Execute(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error) {
	req := Request{Actions: actions, Seed: c.opt.Seed, FPS: c.opt.FPS}
	if err := req.Validate(); err != nil {
		return nil, fmt.Errorf("remote: %w", err)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("remote: encode request: %w", err)
	}
	var clip *motion.Clip
	err = c.call(ctx, http.MethodPost, "/v1/execute", body, func(resp *http.Response) error {
		var err error
		clip, err = c.decode(resp.Body, actions)
		return err
	})
	if err != nil {
		return nil, err
	}
	return toOrigin(clip).Place(start), nil
}

// decode reads a reply within the protocol's limits, scrubs the token from its texts and checks
// it into a clip; every problem is a ReplyError. A reply over its byte or value count is refused
// while it streams in, before anything is decoded.
func (c *Client) decode(body io.Reader, actions []string) (*motion.Clip, error) {
	var r Reply
	if err := fileio.ReadJSON(body, "reply", replyLimits, &r); err != nil {
		if cutShortRead(err) {
			return nil, err // the connection dropped: the policy tries again
		}
		return nil, c.unusable(fmt.Errorf("bad JSON: %w", err))
	}
	c.scrubReply(&r)
	clip, err := r.clip(actions)
	if err != nil {
		return nil, c.unusable(err)
	}
	return clip, nil
}

// cutShortRead reports whether reading failed because the connection did, not the reply's content.
func cutShortRead(err error) bool {
	var re *fileio.ReadError
	return errors.As(err, &re)
}

// Health asks the server who it is.
func (c *Client) Health(ctx context.Context) (Health, error) {
	var h Health
	err := c.call(ctx, http.MethodGet, "/v1/health", nil, func(resp *http.Response) error {
		if err := fileio.ReadJSON(resp.Body, "health", fileio.JSONLimits{Bytes: 1 << 16, Values: 100}, &h); err != nil {
			return c.unusable(err)
		}
		h.Model, h.Status = c.scrub(h.Model), c.scrub(h.Status)
		return nil
	})
	return h, err
}

// call sends one request under the client's policy, handing a 2xx reply to read, and turns what
// went wrong into a RequestError (or read's ReplyError).
func (c *Client) call(ctx context.Context, method, path string, body []byte, read func(*http.Response) error) error {
	u := c.endpoint + path
	err := c.opt.Policy.Do(ctx, c.http, func(ctx context.Context) (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		if c.opt.Token != "" {
			req.Header.Set("Authorization", "Bearer "+c.opt.Token)
		}
		return req, nil
	}, read)
	return c.requestError(u, err)
}

// requestError classifies a failed call; the reply's own error passes as it is.
func (c *Client) requestError(u string, err error) error {
	var re *ReplyError
	var se *httpclient.StatusError
	switch {
	case err == nil || errors.As(err, &re):
		return err
	case errors.As(err, &se):
		msg := c.scrub(serverMessage(se.Body))
		var g *httpclient.GaveUpError
		if errors.As(err, &g) {
			msg += fmt.Sprintf(" (gave up after %d tries)", g.Tries)
		}
		return &RequestError{URL: u, Status: se.Status, Msg: msg, Err: err}
	}
	return &RequestError{URL: u, Msg: c.scrub(err.Error()), Err: err}
}

// unusable wraps a reply problem as a ReplyError, scrubbed.
func (c *Client) unusable(err error) error {
	return &ReplyError{URL: c.endpoint, Msg: c.scrub(err.Error())}
}

// scrub removes the token from text received from the server.
func (c *Client) scrub(s string) string { return httpclient.Scrub(s, c.opt.Token) }

// scrubReply removes the token from every text of a reply: a server may echo what it was sent, and
// these texts reach the terminal and the files the clip is written to.
func (c *Client) scrubReply(r *Reply) {
	r.Model = c.scrub(r.Model)
	for i := range r.Segments {
		s := &r.Segments[i]
		s.Action = c.scrub(s.Action)
		for k, w := range s.Warnings {
			s.Warnings[k] = c.scrub(w)
		}
	}
}

// toOrigin moves the clip on the floor so its first root is at the origin; the heading is kept, since
// the protocol's frame starts facing +Z by definition.
func toOrigin(c *motion.Clip) *motion.Clip {
	r := c.Frames[0].Root()
	return c.Transformed(0, mgl64.Vec3{-r.X(), 0, -r.Z()})
}

// serverMessage quotes the server's {"error": ...} or the start of its body.
func serverMessage(data []byte) string {
	var e errorReply
	if json.Unmarshal(data, &e) == nil && e.Error != "" {
		return truncate(e.Error, 500)
	}
	s := strings.TrimSpace(string(data))
	if s == "" {
		return "(empty body)"
	}
	return truncate(s, 500)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
