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
	"strconv"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/executor"
	"interactagent/motion"
)

// Options configure a Client; the zero value of each field takes the default named beside it.
type Options struct {
	HTTP    *http.Client  // default: a client with Timeout
	Timeout time.Duration // per request, default 2 minutes
	Retries int           // retries after a 429, a 5xx or a dropped connection, default 3; <0 none
	Backoff time.Duration // first wait between tries, doubled each time, default 250 ms
	Seed    uint64        // sent with every request
	FPS     float64       // requested frame rate, default executor.FPS (20)
	Token   string        // bearer token; never logged or quoted
}

// Client runs actions on a remote MotionLLM server; it implements executor.Executor and is safe for
// concurrent use.
type Client struct {
	endpoint string
	opt      Options
	sleep    func(ctx context.Context, d time.Duration) error
}

// New returns a client for the server at baseURL (such as "http://127.0.0.1:8765").
func New(baseURL string, opt Options) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("remote: executor URL %q, want http://host:port or https://host:port", baseURL)
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 2 * time.Minute
	}
	if opt.HTTP == nil {
		opt.HTTP = &http.Client{Timeout: opt.Timeout}
	}
	if opt.Retries == 0 {
		opt.Retries = 3
	}
	if opt.Backoff <= 0 {
		opt.Backoff = 250 * time.Millisecond
	}
	if opt.FPS == 0 {
		opt.FPS = executor.FPS
	}
	return &Client{endpoint: u.String(), opt: opt, sleep: sleepCtx}, nil
}

// RequestError means the server could not be asked or refused the request (a connection error, a
// timeout, a non-2xx status after the allowed retries).
type RequestError struct {
	URL    string
	Status int // 0 when no HTTP answer came
	Msg    string
	Err    error // the transport error, when there is one (context.Canceled, a timeout, ...)
}

// Unwrap returns the transport error, if any.
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
	data, err := c.post(ctx, c.endpoint+"/v1/execute", body)
	if err != nil {
		return nil, err
	}
	clip, err := c.decode(data, actions)
	if err != nil {
		return nil, err
	}
	return toOrigin(clip).Place(start), nil
}

// Health asks the server who it is.
func (c *Client) Health(ctx context.Context) (Health, error) {
	var h Health
	data, err := c.do(ctx, http.MethodGet, c.endpoint+"/v1/health", nil)
	if err != nil {
		return h, err
	}
	if err := json.Unmarshal(data, &h); err != nil {
		return h, &ReplyError{URL: c.endpoint, Msg: "health: " + err.Error()}
	}
	return h, nil
}

func (c *Client) decode(data []byte, actions []string) (*motion.Clip, error) {
	var r Reply
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&r); err != nil {
		return nil, &ReplyError{URL: c.endpoint, Msg: "bad JSON: " + err.Error()}
	}
	clip, err := r.clip(actions)
	if err != nil {
		return nil, &ReplyError{URL: c.endpoint, Msg: err.Error()}
	}
	return clip, nil
}

// toOrigin moves the clip on the floor so its first root is at the origin; the heading is kept, since
// the protocol's frame starts facing +Z by definition.
func toOrigin(c *motion.Clip) *motion.Clip {
	r := c.Frames[0].Root()
	return c.Transformed(0, mgl64.Vec3{-r.X(), 0, -r.Z()})
}

// post sends body with retries on 429, 5xx and dropped connections.
func (c *Client) post(ctx context.Context, u string, body []byte) ([]byte, error) {
	wait := c.opt.Backoff
	for try := 0; ; try++ {
		data, err := c.do(ctx, http.MethodPost, u, body)
		if err == nil {
			return data, nil
		}
		if !retryable(err) || try >= c.opt.Retries || ctx.Err() != nil {
			if try > 0 {
				return nil, fmt.Errorf("%w (gave up after %d tries)", err, try+1)
			}
			return nil, err
		}
		if serr := c.sleep(ctx, retryAfter(err, wait)); serr != nil {
			return nil, fmt.Errorf("%w (retrying stopped: %v)", err, serr)
		}
		wait *= 2
	}
}

func (c *Client) do(ctx context.Context, method, u string, body []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
	if err != nil {
		return nil, &RequestError{URL: u, Msg: err.Error()}
	}
	req.Header.Set("Content-Type", "application/json")
	if c.opt.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.opt.Token)
	}
	resp, err := c.opt.HTTP.Do(req)
	if err != nil {
		return nil, &RequestError{URL: u, Msg: c.scrub(err.Error()), Err: unwrapURL(err)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxReplyBytes+1))
	if err != nil {
		return nil, &RequestError{URL: u, Msg: "reading the reply: " + c.scrub(err.Error())}
	}
	if len(data) > MaxReplyBytes {
		return nil, &ReplyError{URL: u, Msg: fmt.Sprintf("reply larger than %d bytes", MaxReplyBytes)}
	}
	if resp.StatusCode/100 != 2 {
		return nil, &statusError{RequestError{URL: u, Status: resp.StatusCode, Msg: c.scrub(serverMessage(data))},
			resp.Header.Get("Retry-After")}
	}
	return data, nil
}

// scrub removes the token from text that may be quoted in an error.
func (c *Client) scrub(s string) string {
	if c.opt.Token == "" {
		return s
	}
	return strings.ReplaceAll(s, c.opt.Token, "[token]")
}

// statusError is a non-2xx answer with its Retry-After header.
type statusError struct {
	RequestError
	retryAfter string
}

func (e *statusError) Unwrap() error { return &e.RequestError }

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

func retryable(err error) bool {
	var se *statusError
	if errors.As(err, &se) {
		return se.Status == http.StatusTooManyRequests || se.Status >= 500
	}
	var re *RequestError
	return errors.As(err, &re) && re.Status == 0
}

// retryAfter honours a server's Retry-After seconds (at most 10 s) over the backoff.
func retryAfter(err error, backoff time.Duration) time.Duration {
	var se *statusError
	if errors.As(err, &se) {
		if s, e := strconv.Atoi(strings.TrimSpace(se.retryAfter)); e == nil && s >= 0 {
			return min(time.Duration(s)*time.Second, 10*time.Second)
		}
	}
	return backoff
}

// unwrapURL returns the cause inside a *url.Error, whose own message may quote the request URL.
func unwrapURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
