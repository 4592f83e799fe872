package openai

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	verrors "github.com/pb33f/libopenapi-validator/errors"
)

// specFile is OpenAI's description of POST /chat/completions (OpenAPI 3.1, MIT; SOURCE.md beside
// it says what was trimmed), in the shared test data beside the repository: it is read there,
// never copied into the repository.
const specFile = "../../../shared/testdata/openai/chat-completions.openapi.yaml"

// offSpecHeader marks a fake's reply as deliberately off the description (a broken envelope sent
// on purpose); conform strips it before the reply leaves and does not validate that reply.
const offSpecHeader = "X-Test-Off-Spec"

// spec holds the description's validators, built once per test binary: strict requires the bearer
// key, as OpenAI's own endpoint does; keyless does not, for a local server that takes no key.
var spec struct {
	once            sync.Once
	mu              sync.Mutex // one validation at a time: the validators' caches are shared
	strict, keyless validator.Validator
	err             error
}

// checked counts what the fakes validated, over the whole test binary.
var checked struct{ requests, replies atomic.Int64 }

// openAPI returns the description's validators, or nil ones when the file is absent: the fakes
// then run unchecked and the test says so (under CI=true, where ../shared is always laid beside
// the repository, a missing file fails the test).
func openAPI(t testing.TB) (strict, keyless validator.Validator) {
	t.Helper()
	spec.once.Do(func() { spec.strict, spec.keyless, spec.err = newValidators(specFile) })
	switch {
	case errors.Is(spec.err, fs.ErrNotExist) && os.Getenv("CI") != "true":
		t.Logf("requests and replies not checked against OpenAI's description: %v (it lives in ../shared/testdata beside the repository)", spec.err)
		return nil, nil
	case spec.err != nil:
		t.Fatalf("OpenAI's description %s: %v", specFile, spec.err)
	}
	return spec.strict, spec.keyless
}

// newValidators reads the description and builds its two validators. Its schemas are compiled as
// plain JSON Schema 2020-12, which is what OpenAPI 3.1 schemas are: the library's OpenAPI mode
// refuses the 3.0 keyword `nullable` that the published file still carries beside a `type`, where
// 3.1 gives it no meaning.
func newValidators(path string) (strict, keyless validator.Validator, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	build := func(opts ...config.Option) (validator.Validator, error) {
		doc, err := libopenapi.NewDocument(data)
		if err != nil {
			return nil, err
		}
		v, errs := validator.NewValidator(doc, append(opts, config.WithoutOpenAPIMode())...)
		if len(errs) > 0 {
			return nil, errors.Join(errs...)
		}
		if ok, verrs := v.ValidateDocument(); !ok {
			return nil, fmt.Errorf("the description is not valid OpenAPI: %s", findings(verrs))
		}
		return v, nil
	}
	if strict, err = build(); err != nil {
		return nil, nil, err
	}
	keyless, err = build(config.WithoutSecurityValidation())
	return strict, keyless, err
}

// requestProblems validates a request as the server received it, with its body; nil when it
// conforms.
func requestProblems(v validator.Validator, r *http.Request, body []byte) []string {
	req := r.Clone(r.Context())
	req.Body = io.NopCloser(bytes.NewReader(body))
	spec.mu.Lock()
	defer spec.mu.Unlock()
	if ok, errs := v.ValidateHttpRequest(req); !ok {
		return []string{findings(errs)}
	}
	return nil
}

// replyProblems validates a reply to r (whose body was body) against the response the
// description gives for its status; nil when it conforms.
func replyProblems(v validator.Validator, r *http.Request, body []byte, status int, header http.Header, reply []byte) []string {
	req := r.Clone(r.Context())
	req.Body = io.NopCloser(bytes.NewReader(body))
	resp := &http.Response{StatusCode: status, Header: header.Clone(), Body: io.NopCloser(bytes.NewReader(reply)), Request: req}
	spec.mu.Lock()
	defer spec.mu.Unlock()
	if ok, errs := v.ValidateHttpResponse(req, resp); !ok {
		return []string{findings(errs)}
	}
	return nil
}

// findings writes what the validator found: each message with the reason and the failing fields.
func findings(errs []*verrors.ValidationError) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%s: %s", e.Message, e.Reason)
		for _, s := range e.SchemaValidationErrors {
			fmt.Fprintf(&b, "; %s %s", s.FieldPath, s.Reason)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// specified reports whether the description defines replies of this status to the operation.
func specified(status int) bool {
	return status == http.StatusOK || status == http.StatusTooManyRequests
}

// conform wraps a fake's handler: each request is validated as received against the
// description's request (the key required unless the fake is keyless), then served by h; the
// reply h sent is validated against the description's response for its status when the
// description defines one (200, 429) and h did not mark it off-spec. Every mismatch is a test
// error quoting the validator.
func (f *fake) conform(h http.Handler) http.Handler {
	strict, keyless := openAPI(f.t)
	v := strict
	if f.keyless {
		v = keyless
	}
	if v == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			f.t.Errorf("reading a request: %v", err)
		}
		for _, p := range requestProblems(v, r, body) {
			f.t.Errorf("a request does not conform to OpenAI's description: %s", p)
		}
		checked.requests.Add(1)
		f.conformed.requests.Add(1)
		r.Body = io.NopCloser(bytes.NewReader(body))
		tw := &tee{ResponseWriter: w}
		h.ServeHTTP(tw, r)
		if tw.status == 0 || tw.offSpec || !specified(tw.status) {
			return // no reply (the handler never answered or dropped the connection), or none to check
		}
		for _, p := range replyProblems(v, r, body, tw.status, tw.Header(), tw.body.Bytes()) {
			f.t.Errorf("a reply of the fake does not conform to OpenAI's description: %s", p)
		}
		checked.replies.Add(1)
		f.conformed.replies.Add(1)
	})
}

// offSpec marks h's reply as deliberately off the description, so that conform lets it pass.
func offSpec(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(offSpecHeader, "1")
		h(w, r)
	}
}

// tee passes a reply through to the client and keeps its status and a copy of its body.
type tee struct {
	http.ResponseWriter
	status  int
	offSpec bool
	body    bytes.Buffer
}

// WriteHeader records the status and whether the reply is marked off-spec, and drops the mark.
func (w *tee) WriteHeader(code int) {
	if w.status == 0 {
		w.status, w.offSpec = code, w.Header().Get(offSpecHeader) != ""
		w.Header().Del(offSpecHeader)
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write copies what is sent, unless the reply is off-spec (it may be large).
func (w *tee) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if !w.offSpec {
		w.body.Write(p)
	}
	return w.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection (to flush or hijack it).
func (w *tee) Unwrap() http.ResponseWriter { return w.ResponseWriter }
