package openai

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/httpclient"
	"interactagent/mllm"
	"interactagent/motion"
	"interactagent/scene"
)

// testKey is the API key of every test; no test may find it in anything the client sends in a
// body, returns or stores.
const testKey = "sk-test-SECRET-0123456789"

// wirePart is one part of a message's content as sent.
type wirePart struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	ImageURL *struct {
		URL    string `json:"url"`
		Detail string `json:"detail"`
	} `json:"image_url"`
}

// wireMessage is a message as sent: content is a string or a list of parts.
type wireMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// wireRequest is a chat-completions request as the server sees it, read independently of the
// library that wrote it.
type wireRequest struct {
	Model          string        `json:"model"`
	Messages       []wireMessage `json:"messages"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
	Temperature         *float64 `json:"temperature"`
	MaxTokens           int      `json:"max_tokens"`
	MaxCompletionTokens int      `json:"max_completion_tokens"`
	Seed                *int     `json:"seed"`
}

// parts returns a message's content as parts (a string is one text part).
func (m wireMessage) parts(t *testing.T) []wirePart {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []wirePart{{Type: "text", Text: s}}
	}
	var ps []wirePart
	if err := json.Unmarshal(m.Content, &ps); err != nil {
		t.Fatalf("message content is neither a string nor parts: %s", m.Content)
	}
	return ps
}

// text joins a message's text parts.
func (m wireMessage) text(t *testing.T) string {
	var b strings.Builder
	for _, p := range m.parts(t) {
		if p.Type == "text" {
			b.WriteString(p.Text + "\n")
		}
	}
	return b.String()
}

// format names the request's response_format: "json_schema:<name>", "json_object" or "none".
func (r wireRequest) format() string {
	switch {
	case r.ResponseFormat == nil:
		return "none"
	case r.ResponseFormat.JSONSchema != nil:
		return r.ResponseFormat.Type + ":" + r.ResponseFormat.JSONSchema.Name
	}
	return r.ResponseFormat.Type
}

// seen is one request the fake received.
type seen struct {
	Auth string
	Body []byte
	Req  wireRequest
}

// fake is an OpenAI-compatible chat-completions server: it records every request and answers
// the n-th with the n-th handler (the last one repeats). Every request is checked for the
// things every request must satisfy: the path, the key in the header and nowhere in the body;
// and every request and every reply against OpenAI's description of the API (conform).
type fake struct {
	t       *testing.T
	srv     *httptest.Server
	keyless bool // requests carry no key (a local server): the description's key is not required
	// conformed counts the requests and replies checked against the description.
	conformed struct{ requests, replies atomic.Int64 }
	mu        sync.Mutex
	got       []seen
	handlers  []http.HandlerFunc
}

// newFake starts a fake answering with the handlers in turn.
func newFake(t *testing.T, handlers ...http.HandlerFunc) *fake {
	return startFake(&fake{t: t, handlers: handlers})
}

// newKeylessFake is newFake for a client without a key.
func newKeylessFake(t *testing.T, handlers ...http.HandlerFunc) *fake {
	return startFake(&fake{t: t, handlers: handlers, keyless: true})
}

// startFake serves f, every exchange checked against OpenAI's description.
func startFake(f *fake) *fake {
	f.srv = httptest.NewServer(f.conform(http.HandlerFunc(f.serve)))
	f.t.Cleanup(f.srv.Close)
	return f
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	body := new(bytes.Buffer)
	body.ReadFrom(r.Body)
	var req wireRequest
	if err := json.Unmarshal(body.Bytes(), &req); err != nil {
		f.t.Errorf("request body is not a chat request: %v", err)
	}
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		f.t.Errorf("request %s %s, want POST /v1/chat/completions", r.Method, r.URL.Path)
	}
	if bytes.Contains(body.Bytes(), []byte(testKey)) {
		f.t.Errorf("the API key is in a request body")
	}
	f.mu.Lock()
	f.got = append(f.got, seen{Auth: r.Header.Get("Authorization"), Body: body.Bytes(), Req: req})
	h := f.handlers[min(len(f.got), len(f.handlers))-1]
	f.mu.Unlock()
	h(w, r)
}

// requests returns what the fake received so far.
func (f *fake) requests() []seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seen(nil), f.got...)
}

// url is the fake's base URL, as a user would give it.
func (f *fake) url() string { return f.srv.URL + "/v1" }

// completion answers with a chat completion whose first message has content (and reasoning).
func completion(content string) http.HandlerFunc {
	return completionWith(content, "")
}

// completionWith answers with content and a separate reasoning_content.
func completionWith(content, reasoning string) http.HandlerFunc {
	return chatCompletion(content, reasoning, "stop")
}

// chatCompletion answers with a chat completion as OpenAI's description has it (id, object,
// created, model, choices with index, message, logprobs and finish_reason, usage), whose first
// message has content, a vendor's reasoning_content beside it, and finish as its finish_reason.
func chatCompletion(content, reasoning, finish string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1767225600, "model": "fake",
			"choices": []any{map[string]any{"index": 0, "finish_reason": finish, "logprobs": nil,
				"message": map[string]any{"role": "assistant", "content": content, "refusal": nil, "reasoning_content": reasoning}}},
			"usage": map[string]any{"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
		})
	}
}

// errorBody is an error body as OpenAI's description has it.
func errorBody(msg, typ string) string {
	data, _ := json.Marshal(map[string]any{"error": map[string]any{"message": msg, "type": typ, "param": nil, "code": nil}})
	return string(data)
}

// status answers with a status, a body and headers ("Name: value").
func status(code int, body string, headers ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for _, h := range headers {
			k, v, _ := strings.Cut(h, ": ")
			w.Header().Set(k, v)
		}
		w.WriteHeader(code)
		fmt.Fprint(w, body)
	}
}

// slow answers after d, or when the client gives up.
func slow(d time.Duration, then http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(d):
			then(w, r)
		case <-r.Context().Done():
		}
	}
}

// drop closes the connection without answering.
func drop(w http.ResponseWriter, r *http.Request) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err == nil {
		conn.Close()
	}
}

// fastPolicy keeps retries quick in tests.
func fastPolicy() httpclient.Policy {
	return httpclient.Policy{Timeout: 2 * time.Second, Total: 5 * time.Second, Backoff: time.Millisecond, MaxWait: 2 * time.Second}
}

// newModel returns a model talking to f, with the test key.
func newModel(t *testing.T, f *fake, edit ...func(*Options)) *Model {
	t.Helper()
	opt := Options{BaseURL: f.url(), Model: "gpt-4o", APIKey: testKey, Policy: fastPolicy(), HTTP: f.srv.Client()}
	for _, e := range edit {
		e(&opt)
	}
	m, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// pngs memoises testPNG: encoding is the slow part of tests under the race detector.
var pngs sync.Map

// testPNG is a w×h PNG with a colour gradient.
func testPNG(t testing.TB, w, h int) []byte {
	key := image.Pt(w, h)
	if data, ok := pngs.Load(key); ok {
		return data.([]byte)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		x, y := (i/4)%w, (i/4)/w
		copy(img.Pix[i:], []byte{uint8(x), uint8(y), 128, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	pngs.Store(key, buf.Bytes())
	return buf.Bytes()
}

// box is a mesh of a box's 8 corners (triangles do not matter to the prompts).
func box(lo, hi mgl64.Vec3) *scene.Mesh {
	var vs []mgl64.Vec3
	for i := 0; i < 8; i++ {
		vs = append(vs, mgl64.Vec3{pick(i&1, lo.X(), hi.X()), pick(i&2, lo.Y(), hi.Y()), pick(i&4, lo.Z(), hi.Z())})
	}
	return &scene.Mesh{Vertices: vs, Triangles: [][3]int32{{0, 1, 2}}}
}

func pick(bit int, a, b float64) float64 {
	if bit != 0 {
		return b
	}
	return a
}

// room is a scene with a sofa 3 m ahead of the start, a bed to the left, a wall and a floor.
func room() *scene.Scene {
	obj := func(id, cat string, lo, hi mgl64.Vec3) *scene.Object {
		return &scene.Object{ID: id, Category: cat, Parts: []scene.Part{{Name: "body", Kind: scene.PartBody, Mesh: box(lo, hi)}}}
	}
	return &scene.Scene{Name: "test-room", Objects: []*scene.Object{
		obj("sofa_1", "sofa", mgl64.Vec3{-1, 0, 2.6}, mgl64.Vec3{1, 0.8, 3.4}),
		obj("bed_1", "bed", mgl64.Vec3{2, 0, -1}, mgl64.Vec3{4, 0.5, 1}),
		obj("wall_n", scene.CategoryWall, mgl64.Vec3{-3, 0, 5}, mgl64.Vec3{5, 2.5, 5.1}),
		obj("floor", scene.CategoryFloor, mgl64.Vec3{-3, -0.01, -2}, mgl64.Vec3{5, 0, 5}),
	}}
}

// context is what every test input carries.
func testContext() mllm.Context {
	return mllm.Context{Task: "Sit on the sofa, then lie on the bed", Description: "A living room; the sofa is ahead.",
		Scene: room(), Start: motion.State{}}
}

// decodeImage reads a data URL as a PNG and returns its size.
func decodeImage(t *testing.T, url string) image.Point {
	t.Helper()
	const prefix = "data:image/png;base64,"
	if !strings.HasPrefix(url, prefix) {
		t.Fatalf("image URL %.40q, want a %s URL", url, prefix)
	}
	data, err := base64.StdEncoding.DecodeString(url[len(prefix):])
	if err != nil {
		t.Fatalf("image URL: %v", err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("image URL holds no PNG: %v", err)
	}
	return image.Pt(cfg.Width, cfg.Height)
}

// imageParts returns the image parts of a request's messages.
func imageParts(t *testing.T, r wireRequest) []wirePart {
	var out []wirePart
	for _, m := range r.Messages {
		for _, p := range m.parts(t) {
			if p.Type == "image_url" {
				out = append(out, p)
			}
		}
	}
	return out
}
