package httpclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Policy bounds the calls to one service. The zero value of each field takes the default given
// beside it, chosen so that a server that never answers fails within a minute.
type Policy struct {
	Timeout time.Duration // one try: connecting, sending and reading the whole reply; default 20 s
	Total   time.Duration // every try and every wait together; default 60 s
	Retries int           // tries after the first, on a retryable failure; default 3, negative for none
	Backoff time.Duration // first wait between tries, doubled each time, ±50 % jitter; default 250 ms
	MaxWait time.Duration // longest single wait, a server's Retry-After included; default 10 s
}

// Defaults returns p with every zero field set to its default.
func (p Policy) Defaults() Policy {
	if p.Timeout <= 0 {
		p.Timeout = 20 * time.Second
	}
	if p.Total <= 0 {
		p.Total = 60 * time.Second
	}
	if p.Retries == 0 {
		p.Retries = 3
	}
	if p.Backoff <= 0 {
		p.Backoff = 250 * time.Millisecond
	}
	if p.MaxWait <= 0 {
		p.MaxWait = 10 * time.Second
	}
	return p
}

// Validate reports a policy no call could follow: negative or non-increasing durations.
func (p Policy) Validate() error {
	switch {
	case p.Timeout < 0 || p.Total < 0 || p.Backoff < 0 || p.MaxWait < 0:
		return fmt.Errorf("httpclient: negative duration in %+v", p)
	case p.Timeout > 0 && p.Total > 0 && p.Total < p.Timeout:
		return fmt.Errorf("httpclient: total deadline %v is shorter than one try's timeout %v", p.Total, p.Timeout)
	}
	return nil
}

// StatusError is a reply with a status other than 2xx, after the policy gave up retrying (or when
// the status is not worth retrying). Body holds the start of the reply, at most 4 KiB.
type StatusError struct {
	Status     int
	Body       []byte
	RetryAfter time.Duration // the server's Retry-After, 0 when it gave none
}

// Error names the status; callers quote Body in their own words, scrubbed.
func (e *StatusError) Error() string {
	return fmt.Sprintf("server answered %d %s", e.Status, http.StatusText(e.Status))
}

// GaveUpError wraps the last failure when the retries or the total deadline ran out.
type GaveUpError struct {
	Tries int
	Err   error
	// Deadline is set when the total deadline, not the number of retries, ended the call.
	Deadline bool
}

// Error says how many tries were made and why the last one failed.
func (e *GaveUpError) Error() string {
	if e.Deadline {
		return fmt.Sprintf("%v (gave up after %d tries: the total deadline passed)", e.Err, e.Tries)
	}
	return fmt.Sprintf("%v (gave up after %d tries)", e.Err, e.Tries)
}

// Unwrap returns the last failure.
func (e *GaveUpError) Unwrap() error { return e.Err }

// Do sends the request that build makes (once per try, so that each try has a fresh body) until a
// 2xx reply comes or the policy gives up, and hands that reply to read within the same try's
// timeout; read must consume what it needs of the body (Do closes it). A try is repeated after a
// 429 or a 5xx status, a transport error, a try that timed out or a reply cut short; a read error
// of another kind (the reply is unusable) is returned as it is. Cancelling ctx stops everything
// at once with ctx's error.
func (p Policy) Do(ctx context.Context, client *http.Client, build func(ctx context.Context) (*http.Request, error), read func(*http.Response) error) error {
	p = p.Defaults()
	total, cancel := context.WithTimeout(ctx, p.Total)
	defer cancel()
	wait := p.Backoff
	for try := 1; ; try++ {
		err := p.try(total, client, build, read)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !retryable(err) {
			return err
		}
		if try > max(p.Retries, 0) {
			if try == 1 {
				return err
			}
			return &GaveUpError{Tries: try, Err: err}
		}
		pause := min(jitter(wait), p.MaxWait)
		if ra := retryAfter(err); ra > 0 {
			pause = min(ra, p.MaxWait)
		}
		if !sleep(total, pause) {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return &GaveUpError{Tries: try, Err: err, Deadline: true}
		}
		wait *= 2
	}
}

// try makes one request and reads its reply within the try's timeout.
func (p Policy) try(ctx context.Context, client *http.Client, build func(context.Context) (*http.Request, error), read func(*http.Response) error) error {
	tctx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	req, err := build(tctx)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return timedOut(tctx, &TransportError{Err: unwrapURL(err)})
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return &StatusError{Status: resp.StatusCode, Body: body, RetryAfter: parseRetryAfter(resp.Header.Get("Retry-After"))}
	}
	if err := read(resp); err != nil {
		if tctx.Err() != nil || cutShort(err) {
			return timedOut(tctx, &TransportError{Err: err, Reading: true})
		}
		return err
	}
	return nil
}

// TransportError is a try that got no complete answer: the connection failed or dropped, or the
// try's timeout passed (Timeout), while sending or while reading the reply (Reading).
type TransportError struct {
	Err     error
	Timeout bool
	Reading bool
}

// Error says what failed, without the request's URL.
func (e *TransportError) Error() string {
	what := "no answer"
	if e.Reading {
		what = "reply cut short"
	}
	if e.Timeout {
		return what + ": the try's timeout passed"
	}
	return fmt.Sprintf("%s: %v", what, e.Err)
}

// Unwrap returns the cause.
func (e *TransportError) Unwrap() error { return e.Err }

// timedOut marks a transport error as a timeout when the try's context ended it.
func timedOut(tctx context.Context, e *TransportError) error {
	var ne net.Error
	if errors.Is(tctx.Err(), context.DeadlineExceeded) || errors.As(e.Err, &ne) && ne.Timeout() {
		e.Timeout = true
	}
	return e
}

// cutShort reports whether a read error means the connection dropped mid-reply.
func cutShort(err error) bool {
	var ne net.Error
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) || errors.As(err, &ne) ||
		strings.Contains(err.Error(), "connection reset")
}

// retryable reports whether another try may succeed where this one failed.
func retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status == http.StatusTooManyRequests || se.Status >= 500
	}
	var te *TransportError
	return errors.As(err, &te)
}

// retryAfter returns the wait a 429 or 503 asked for.
func retryAfter(err error) time.Duration {
	var se *StatusError
	if errors.As(err, &se) {
		return se.RetryAfter
	}
	return 0
}

// parseRetryAfter reads a Retry-After header: seconds, or an HTTP date.
func parseRetryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return 0
}

// jitter returns d scaled by a random factor in [0.5, 1.5), so that clients that failed together
// do not retry together.
func jitter(d time.Duration) time.Duration {
	return time.Duration(float64(d) * (0.5 + rand.Float64()))
}

// sleep waits d or until ctx ends; it reports whether the whole wait passed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// unwrapURL returns the cause inside a *url.Error, whose own message quotes the request's URL.
func unwrapURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
