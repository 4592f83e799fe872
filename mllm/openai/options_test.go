package openai

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"interactagent/httpclient"
)

func TestNewChecksOptions(t *testing.T) {
	good := Options{BaseURL: "http://localhost:8000/v1", Model: "qwen-vl"}
	for name, edit := range map[string]func(*Options){
		"a user in the URL":     func(o *Options) { o.BaseURL = "https://sk-abc123456:x@api.example.com/v1" },
		"a query in the URL":    func(o *Options) { o.BaseURL = "https://api.example.com/v1?key=sk-abc123456" },
		"not http":              func(o *Options) { o.BaseURL = "ftp://api.example.com/v1" },
		"no host":               func(o *Options) { o.BaseURL = "http:///v1" },
		"no model":              func(o *Options) { o.Model = "" },
		"a model with a space":  func(o *Options) { o.Model = "gpt 4o" },
		"a temperature of 3":    func(o *Options) { o.Temperature = 3 },
		"negative max tokens":   func(o *Options) { o.MaxTokens = -1 },
		"a detail of medium":    func(o *Options) { o.Detail = "medium" },
		"images of 10 pixels":   func(o *Options) { o.MaxImageSide = 10 },
		"a total below the try": func(o *Options) { o.Policy = httpclient.Policy{Timeout: time.Minute, Total: time.Second} },
	} {
		o := good
		edit(&o)
		_, err := New(o)
		if err == nil || !strings.HasPrefix(err.Error(), "openai: ") {
			t.Errorf("%s: %v, want an openai: error", name, err)
			continue
		}
		if strings.Contains(err.Error(), "sk-abc123456") {
			t.Errorf("%s: the error quotes the key: %v", name, err)
		}
	}
	if _, err := New(good); err != nil {
		t.Errorf("good options: %v", err)
	}
}

func TestDefaultsAndNames(t *testing.T) {
	t.Setenv("OPENAI_BASE_URL", "")
	t.Setenv("OPENAI_API_KEY", "sk-from-env")
	m, err := New(Options{Model: "gpt-4o"})
	if err != nil {
		t.Fatal(err)
	}
	o := m.opt
	if m.Name() != "openai/gpt-4o" || m.baseURL != DefaultBaseURL || o.APIKey != "sk-from-env" || o.Detail != DetailAuto ||
		o.MaxImageSide != 768 || o.ReAsks != 2 || o.Policy.Timeout != 120*time.Second || o.Policy.Total != 5*time.Minute {
		t.Errorf("defaults: name %q, %+v", m.Name(), o)
	}
	t.Setenv("OPENAI_BASE_URL", "http://localhost:11434/v1/")
	m, err = New(Options{Model: "qwen2.5vl", ReAsks: -1})
	if err != nil || m.Name() != "openai/qwen2.5vl@localhost:11434" || m.baseURL != "http://localhost:11434/v1" || m.opt.ReAsks != 0 {
		t.Errorf("from the environment: %q %q %v", m.Name(), m.baseURL, err)
	}
}

func TestSampling(t *testing.T) {
	seed := 7
	for model, want := range map[string]string{"gpt-4o": "temperature tiny, max_tokens 300", "o3-mini": "no temperature, max_completion_tokens 300"} {
		m, err := New(Options{BaseURL: "http://localhost:1/v1", Model: model, MaxTokens: 300, Seed: &seed})
		if err != nil {
			t.Fatal(err)
		}
		req := (&call{m: m, req: request{schema: planSchema}}).chatRequest()
		got := "no temperature, max_completion_tokens 300"
		if req.Temperature > 0 && req.Temperature < 1e-6 && req.MaxTokens == 300 && req.MaxCompletionTokens == 0 {
			got = "temperature tiny, max_tokens 300"
		} else if req.Temperature != 0 || req.MaxCompletionTokens != 300 || req.MaxTokens != 0 {
			got = "something else"
		}
		if got != want || req.Seed == nil || *req.Seed != 7 {
			t.Errorf("%s: %s (%+v), want %s and seed 7", model, got, req, want)
		}
	}
}

// TestCacheKeyFollowsSettings: replies made under other prompts or settings never share a key.
func TestCacheKeyFollowsSettings(t *testing.T) {
	base := Options{BaseURL: "http://127.0.0.1:1/v1", Model: "m"}
	key := func(o Options) string {
		m, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		return m.CacheKey()
	}
	k0 := key(base)
	if key(base) != k0 {
		t.Fatal("the same settings give different keys")
	}
	changed := []func(*Options){
		func(o *Options) { o.Temperature = 0.7 },
		func(o *Options) { o.Detail = DetailLow },
		func(o *Options) { o.MaxImageSide = 512 },
		func(o *Options) { o.OneImage = true },
		func(o *Options) { s := 3; o.Seed = &s },
	}
	for i, f := range changed {
		o := base
		f(&o)
		if key(o) == k0 {
			t.Errorf("change %d kept the key", i)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "plan.tmpl"), []byte("Plan {{.Task}} please."), 0o644); err != nil {
		t.Fatal(err)
	}
	o := base
	o.PromptDir = dir
	if key(o) == k0 {
		t.Error("a user's own plan prompt kept the key")
	}
}
