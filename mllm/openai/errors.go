package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"interactagent/fileio"
	"interactagent/httpclient"
	"interactagent/mllm"
)

// failure turns what went wrong with one HTTP exchange into the error a Model returns: the
// context's own error when ctx ended, a *mllm.ReplyError when a 2xx reply could not be read as a
// chat completion (too large, not JSON), and a *mllm.RequestError for everything else (a status
// other than 2xx after the retries, no answer, the total deadline). Every text quoted is
// scrubbed of the key.
func (m *Model) failure(ctx context.Context, role mllm.Role, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var se *httpclient.StatusError
	var te *httpclient.TransportError
	switch {
	case errors.As(err, &se):
		se.Body = httpclient.ScrubBytes(se.Body, m.opt.APIKey) // it stays reachable through Err
		return &mllm.RequestError{Backend: m.Name(), Status: se.Status, Msg: m.statusMsg(se, err), Err: err}
	case errors.As(err, &te):
		return &mllm.RequestError{Backend: m.Name(), Msg: m.scrub(err.Error()), Err: err}
	case errors.Is(err, fileio.ErrTooLarge):
		return m.unusable(role, fmt.Sprintf("the reply is larger than %d MiB; want a chat completion", maxReply>>20), "", 1)
	case malformed(err):
		return m.unusable(role, "the reply is not a chat completion: "+m.scrub(err.Error()), "", 1)
	}
	return &mllm.RequestError{Backend: m.Name(), Msg: m.scrub(err.Error()), Err: err}
}

// statusMsg quotes what the server said, and how many tries were made when more than one.
func (m *Model) statusMsg(se *httpclient.StatusError, err error) string {
	msg := m.scrub(parseAPIError(se.Body).Message)
	if msg == "" {
		msg = "(empty body)"
	}
	var g *httpclient.GaveUpError
	if errors.As(err, &g) {
		msg += fmt.Sprintf(" (gave up after %d tries)", g.Tries)
	}
	return msg
}

// malformed reports whether the library could not decode a 2xx reply: its body was read whole
// (the doer buffers it), so an unexpected end is the JSON's, not the connection's.
func malformed(err error) bool {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	return errors.As(err, &syn) || errors.As(err, &typ) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}

// cannotSend is the *mllm.InputError of a request that could not be made from a role's input (an
// image that is not a PNG, a prompt template that does not render): nothing was sent.
func (m *Model) cannotSend(role mllm.Role, err error) error {
	return &mllm.InputError{Backend: m.Name(), Role: role, Msg: "cannot make the request: " + m.scrub(err.Error()), Err: err}
}

// unusable is a ReplyError with scrubbed texts.
func (m *Model) unusable(role mllm.Role, msg, raw string, tries int) error {
	return &mllm.ReplyError{Backend: m.Name(), Role: role, Msg: m.scrub(msg), Raw: m.scrub(raw), Tries: tries}
}

// scrub removes the key from a text received from the server.
func (m *Model) scrub(s string) string { return httpclient.Scrub(s, m.opt.APIKey) }
