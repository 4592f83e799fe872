package openai

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/template"

	"interactagent/fileio"
	"interactagent/mllm"
)

//go:embed prompts/*.tmpl
var embedded embed.FS

// maxTemplate bounds a user's template file: prompts are a few kilobytes.
const maxTemplate = 1 << 20

// systemPrompt is the file of the system prompt every role shares.
const systemPrompt = "system.tmpl"

// PromptNames returns the template files a prompt folder may hold: the shared system prompt and
// one per role ("analyze.tmpl", "plan.tmpl", ...). Each is a text/template executed with the
// role's data (see the embedded files for the fields); a missing field is an error, not
// "<no value>".
func PromptNames() []string {
	names := []string{systemPrompt}
	for _, r := range mllm.Roles() {
		names = append(names, string(r)+".tmpl")
	}
	return names
}

// prompts holds the parsed templates, by file name.
type prompts map[string]*template.Template

// loadPrompts parses the embedded templates, each replaced by the file of the same name in dir
// when dir is set and has one. A .tmpl file in dir with another name is refused, so that a typo
// does not silently leave the embedded prompt in use.
func loadPrompts(dir string) (prompts, error) {
	var user fs.FS
	if dir != "" {
		user = os.DirFS(dir)
		if err := checkPromptDir(user, dir); err != nil {
			return nil, err
		}
	}
	p := prompts{}
	for _, name := range PromptNames() {
		t, err := loadPrompt(user, dir, name)
		if err != nil {
			return nil, err
		}
		p[name] = t
	}
	return p, nil
}

// checkPromptDir refuses a folder that cannot be read or holds templates of unknown names.
func checkPromptDir(user fs.FS, dir string) error {
	entries, err := fs.ReadDir(user, ".")
	if err != nil {
		return fmt.Errorf("openai: prompt folder: %w", err)
	}
	known := strings.Join(PromptNames(), ", ")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmpl") && !strings.Contains(", "+known+", ", ", "+e.Name()+", ") {
			return fmt.Errorf("openai: prompt folder %s: %s is no template of ours; want one of %s", dir, e.Name(), known)
		}
	}
	return nil
}

// loadPrompt parses one template: the user's file when there is one, else the embedded one.
func loadPrompt(user fs.FS, dir, name string) (*template.Template, error) {
	src, where, err := promptSource(user, dir, name)
	if err != nil {
		return nil, err
	}
	t, err := template.New(name).Option("missingkey=error").Funcs(template.FuncMap{"inc": inc}).Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("openai: prompt %s: %w", where, err)
	}
	return t, nil
}

// promptSource reads a template from the user's folder, or from the embedded ones when the
// folder has none of that name.
func promptSource(user fs.FS, dir, name string) ([]byte, string, error) {
	if user != nil {
		src, err := fileio.ReadFile(user, name, maxTemplate)
		if err == nil {
			return src, filepath.Join(dir, name), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, "", fmt.Errorf("openai: prompt %s: %w", filepath.Join(dir, name), err)
		}
	}
	src, err := embedded.ReadFile("prompts/" + name)
	return src, "(embedded) " + name, err
}

// render executes a template with data.
func (p prompts) render(name string, data promptData) (string, error) {
	var b strings.Builder
	if err := p[name].Execute(&b, data); err != nil {
		return "", fmt.Errorf("openai: prompt %s: %w", name, err)
	}
	return strings.TrimSpace(b.String()), nil
}

// inc is i+1, for numbering lists from 1 in templates.
func inc(i int) int { return i + 1 }
