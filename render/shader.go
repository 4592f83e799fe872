package render

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"interactagent/shaders"
)

// program is a linked GLSL program with its uniform locations looked up once. It lives on the
// engine thread like every GL object.
type program struct {
	name     string
	id       uint32
	uniforms map[string]int32
}

// programStages names each program of the engine and its two stages in package shaders: most are
// pairs, and the skinned bodies share the capsule bodies' fragment stage, so both are lit alike.
var programStages = []struct{ name, vert, frag string }{
	{"scene", "scene.vert", "scene.frag"},
	{"body", "body.vert", "body.frag"},
	{"skin", "skin.vert", "body.frag"},
	{"floor", "floor.vert", "floor.frag"},
	{"flat", "flat.vert", "flat.frag"},
}

// newProgram compiles and links the program called name from the stages vert and frag of package
// shaders. Errors name the shader stage and carry the driver's log.
func newProgram(name, vert, frag string) (*program, error) {
	vsrc, err := shaders.Stage(vert)
	if err != nil {
		return nil, fmt.Errorf("render: program %s: %w", name, err)
	}
	fsrc, err := shaders.Stage(frag)
	if err != nil {
		return nil, fmt.Errorf("render: program %s: %w", name, err)
	}
	vs, err := compileShader(vert, vsrc, gl.VERTEX_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(vs)
	fs, err := compileShader(frag, fsrc, gl.FRAGMENT_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(fs)
	id := gl.CreateProgram()
	gl.AttachShader(id, vs)
	gl.AttachShader(id, fs)
	gl.LinkProgram(id)
	var ok int32
	gl.GetProgramiv(id, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		log := programLog(id)
		gl.DeleteProgram(id)
		return nil, fmt.Errorf("render: link shader program %s: %s", name, log)
	}
	return &program{name: name, id: id, uniforms: map[string]int32{}}, nil
}

func compileShader(file, src string, kind uint32) (uint32, error) {
	id := gl.CreateShader(kind)
	csrc, free := gl.Strs(src + "\x00")
	gl.ShaderSource(id, 1, csrc, nil)
	free()
	gl.CompileShader(id)
	var ok int32
	gl.GetShaderiv(id, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetShaderiv(id, gl.INFO_LOG_LENGTH, &n)
		log := make([]byte, n+1)
		gl.GetShaderInfoLog(id, n, nil, &log[0])
		gl.DeleteShader(id)
		return 0, fmt.Errorf("render: compile shader %s: %s", file, strings.TrimRight(string(log), "\x00\n"))
	}
	return id, nil
}

func programLog(id uint32) string {
	var n int32
	gl.GetProgramiv(id, gl.INFO_LOG_LENGTH, &n)
	log := make([]byte, n+1)
	gl.GetProgramInfoLog(id, n, nil, &log[0])
	return strings.TrimRight(string(log), "\x00\n")
}

// use makes the program current.
func (p *program) use() { gl.UseProgram(p.id) }

// loc returns a uniform's location, cached; -1 (unused or optimised away) makes the setters
// no-ops, as GL specifies.
func (p *program) loc(name string) int32 {
	if l, ok := p.uniforms[name]; ok {
		return l
	}
	l := gl.GetUniformLocation(p.id, gl.Str(name+"\x00"))
	p.uniforms[name] = l
	return l
}

func (p *program) setMat4(name string, m mgl32.Mat4) {
	gl.UniformMatrix4fv(p.loc(name), 1, false, &m[0])
}
func (p *program) setVec3(name string, v mgl32.Vec3) { gl.Uniform3f(p.loc(name), v[0], v[1], v[2]) }
func (p *program) setFloat(name string, f float32)   { gl.Uniform1f(p.loc(name), f) }

// setBool sets a bool uniform.
func (p *program) setBool(name string, b bool) {
	v := int32(0)
	if b {
		v = 1
	}
	gl.Uniform1i(p.loc(name), v)
}

// release deletes the program.
func (p *program) release() {
	if p.id != 0 {
		gl.DeleteProgram(p.id)
		p.id = 0
	}
}
