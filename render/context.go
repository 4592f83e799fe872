package render

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"github.com/go-gl/gl/v3.3-core/gl"
)

// glContext is an OpenGL context current on the engine's locked thread.
type glContext interface {
	procAddr(name string) unsafe.Pointer
	name() string
	destroy()
}

// ErrNoGL wraps every failure to get an OpenGL context; errors.Is(err, ErrNoGL) tells a caller
// (or a test) that rendering is impossible on this machine rather than broken.
var ErrNoGL = errors.New("render: no usable OpenGL 3.3 context")

// installHint names what a Debian machine needs for headless rendering.
const installHint = "install Mesa's EGL and drivers: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri"

// contextMakers are the backends in the order they are tried; tests replace them.
var contextMakers = []func() (glContext, error){
	func() (glContext, error) { return wrapEGL(newEGLContext(true)) },
	func() (glContext, error) { return wrapEGL(newEGLContext(false)) },
	func() (glContext, error) { return wrapGLFW(newGLFWContext()) },
}

// openContext tries, in order, EGL on Mesa's surfaceless platform, EGL's default display and a
// hidden GLFW window, and returns the first context that is current and can load GL 3.3 core. It
// must run on a locked OS thread; the context stays current on it.
func openContext() (glContext, error) {
	var reasons []string
	for _, make := range contextMakers {
		c, err := make()
		if err != nil {
			reasons = append(reasons, err.Error())
			continue
		}
		if err := loadGL(c); err != nil {
			reasons = append(reasons, fmt.Sprintf("%s: %v", c.name(), err))
			c.destroy()
			continue
		}
		return c, nil
	}
	return nil, fmt.Errorf("%w (%s); %s", ErrNoGL, strings.Join(reasons, "; "), installHint)
}

// go-gl keeps its function pointers in process-wide variables. With libglvnd (Debian's GL
// dispatch) they are dispatch stubs valid for every context, so they are loaded once, under a
// lock, by the first engine that gets a context.
var (
	loadMu   sync.Mutex
	glLoaded bool
)

// loadGL loads the GL function pointers through the context and checks the version.
func loadGL(c glContext) error {
	loadMu.Lock()
	defer loadMu.Unlock()
	if !glLoaded {
		if err := gl.InitWithProcAddrFunc(c.procAddr); err != nil {
			return fmt.Errorf("load OpenGL functions: %w", err)
		}
		glLoaded = true
	}
	var major, minor int32
	gl.GetIntegerv(gl.MAJOR_VERSION, &major)
	gl.GetIntegerv(gl.MINOR_VERSION, &minor)
	if major < 3 || (major == 3 && minor < 3) {
		return fmt.Errorf("OpenGL %d.%d, want 3.3 or later", major, minor)
	}
	return nil
}

// wrapEGL and wrapGLFW turn typed nil results into nil interfaces.
func wrapEGL(c *eglContext, err error) (glContext, error) {
	if err != nil {
		return nil, err
	}
	return c, nil
}

func wrapGLFW(c *glfwContext, err error) (glContext, error) {
	if err != nil {
		return nil, err
	}
	return c, nil
}
