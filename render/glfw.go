package render

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// glfwMu serialises GLFW's global state: Init, window creation and destruction are not safe to
// call from several threads at once. The desktop app's Fyne driver also uses GLFW, which is why
// this fallback never calls glfw.Terminate (it would close Fyne's windows too).
var glfwMu sync.Mutex

// glfwContext is a GL context of a hidden GLFW window: the fallback where EGL is missing but an X
// display exists.
type glfwContext struct {
	win *glfw.Window
}

// newGLFWContext makes a hidden 1×1 window with a GL 3.3 core context current on the calling
// (locked) thread. It refuses to try without $DISPLAY, where GLFW can only fail.
func newGLFWContext() (*glfwContext, error) {
	if os.Getenv("DISPLAY") == "" {
		return nil, errors.New("hidden GLFW window: $DISPLAY is not set (no X display)")
	}
	glfwMu.Lock()
	defer glfwMu.Unlock()
	if err := glfw.Init(); err != nil {
		return nil, fmt.Errorf("hidden GLFW window: %w", err)
	}
	glfw.WindowHint(glfw.Visible, glfw.False)
	glfw.WindowHint(glfw.ContextVersionMajor, 3)
	glfw.WindowHint(glfw.ContextVersionMinor, 3)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	win, err := glfw.CreateWindow(1, 1, "interactagent render", nil, nil)
	if err != nil {
		return nil, fmt.Errorf("hidden GLFW window: %w", err)
	}
	win.MakeContextCurrent()
	return &glfwContext{win: win}, nil
}

// procAddr returns the address of a GL function for go-gl's loader.
func (c *glfwContext) procAddr(name string) unsafe.Pointer { return glfw.GetProcAddress(name) }

// name says which backend made the context.
func (c *glfwContext) name() string { return "hidden GLFW window" }

// destroy releases the window and its context.
func (c *glfwContext) destroy() {
	glfwMu.Lock()
	defer glfwMu.Unlock()
	glfw.DetachCurrentContext()
	c.win.Destroy()
}
