package mllm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestPermanentTellsRefusalsFromPassingFailures(t *testing.T) {
	req := func(status int) error { return &RequestError{Backend: "b", Status: status, Msg: "m"} }
	cases := map[string]struct {
		err  error
		want bool
	}{
		"401 bad key":          {req(401), true},
		"403 forbidden":        {req(403), true},
		"404 no such model":    {req(404), true},
		"400 bad request":      {req(400), true},
		"422 unprocessable":    {req(422), true},
		"an input it refuses":  {&InputError{Backend: "b", Role: RolePlan, Msg: "the reasoner cannot use its input: x"}, true},
		"wrapped 401":          {fmt.Errorf("agent: %w", req(401)), true},
		"no answer":            {req(0), false},
		"408 timeout":          {req(408), false},
		"429 rate limit":       {req(429), false},
		"500":                  {req(500), false},
		"503":                  {req(503), false},
		"an unusable reply":    {&ReplyError{Backend: "b", Role: RoleCheck, Msg: "no JSON object found"}, false},
		"an error of any kind": {errors.New("something"), false},
		"the deadline":         {context.DeadlineExceeded, false},
	}
	for name, c := range cases {
		if got := Permanent(c.err); got != c.want {
			t.Errorf("%s: Permanent(%v) = %v, want %v", name, c.err, got, c.want)
		}
	}
}

func TestRequestErrorSaysWhatTheStatusMeans(t *testing.T) {
	for status, want := range map[int]string{
		401: "401 Unauthorized: the endpoint refused the key: m",
		403: "403 Forbidden: the endpoint forbids",
		404: "404 Not Found: the endpoint has no such model or path",
		400: "400 Bad Request: the endpoint refused the request: m",
		503: "503 Service Unavailable: the endpoint failed: m",
	} {
		err := &RequestError{Backend: "openai/gpt-4o", Status: status, Msg: "m"}
		if msg := err.Error(); !strings.Contains(msg, want) || strings.Contains(msg, "model failed") {
			t.Errorf("%d: %q, want it to contain %q", status, msg, want)
		}
	}
	if msg := (&RequestError{Backend: "b", Msg: "no answer: the try's timeout passed"}).Error(); msg != "mllm: b: no answer: the try's timeout passed" {
		t.Errorf("without a status: %q", msg)
	}
}
