package openai

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"

	"interactagent/fileio"
	"interactagent/httpclient"
)

// maxReply bounds a reply's body: a chat completion is text, far below it.
const maxReply = 16 << 20

// doer is the go-openai client's HTTPDoer for one call: it sends each request under the
// project's policy (so timeouts, retries, Retry-After and redirect rules are the project's, not
// the library's), reads a 2xx reply within maxReply bytes inside the same try, and hands the
// library a buffered response. A failure comes back as the policy's own error
// (*httpclient.StatusError, *httpclient.GaveUpError, *httpclient.TransportError, the context's
// error), which the library passes through untouched. One doer serves one call at a time.
type doer struct {
	client *http.Client
	policy httpclient.Policy
	sent   int // HTTP requests sent, each try counted
}

// Do implements openai.HTTPDoer.
func (d *doer) Do(req *http.Request) (*http.Response, error) {
	body, err := requestBody(req)
	if err != nil {
		return nil, err
	}
	var out *http.Response
	err = d.policy.Do(req.Context(), d.client, func(ctx context.Context) (*http.Request, error) {
		d.sent++
		return withBody(req.Clone(ctx), body), nil
	}, func(resp *http.Response) error {
		data, err := fileio.ReadAll(resp.Body, "reply", maxReply)
		if err != nil {
			return err
		}
		out = buffered(resp, req, data)
		return nil
	})
	return out, err
}

// requestBody reads the library's request body once, so that every try sends it afresh.
func requestBody(req *http.Request) ([]byte, error) {
	if req.Body == nil {
		return nil, nil
	}
	defer req.Body.Close()
	data, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, fmt.Errorf("openai: read the request to send: %w", err)
	}
	return data, nil
}

// withBody gives a cloned request its own reader over body.
func withBody(r *http.Request, body []byte) *http.Request {
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	return r
}

// buffered is resp with its body already read into data.
func buffered(resp *http.Response, req *http.Request, data []byte) *http.Response {
	return &http.Response{
		Status: resp.Status, StatusCode: resp.StatusCode, Proto: resp.Proto, ProtoMajor: resp.ProtoMajor,
		ProtoMinor: resp.ProtoMinor, Header: resp.Header.Clone(), ContentLength: int64(len(data)),
		Body: io.NopCloser(bytes.NewReader(data)), Request: req,
	}
}
