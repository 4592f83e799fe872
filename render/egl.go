package render

/*
#cgo LDFLAGS: -lEGL
#include <stdlib.h>
#include <string.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

// hasExtension reports whether the space-separated list holds name as a whole word.
static int hasExtension(const char *list, const char *name) {
	if (list == NULL) return 0;
	size_t n = strlen(name);
	const char *p = list;
	while ((p = strstr(p, name)) != NULL) {
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
		p += n;
	}
	return 0;
}

// surfacelessDisplay returns Mesa's surfaceless display, or EGL_NO_DISPLAY when the client
// extensions needed for it are missing.
static EGLDisplay surfacelessDisplay(void) {
	const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	if (!hasExtension(ext, "EGL_MESA_platform_surfaceless")) return EGL_NO_DISPLAY;
	PFNEGLGETPLATFORMDISPLAYEXTPROC get =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (get == NULL) return EGL_NO_DISPLAY;
	return get(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
}

static EGLDisplay defaultDisplay(void) { return eglGetDisplay(EGL_DEFAULT_DISPLAY); }

// createContext initialises dpy and makes a desktop GL 3.3 core context current on this thread,
// without a surface when the display allows it and with a 1×1 pbuffer otherwise. It returns 0 or
// a short reason; the caller reads eglGetError for the code.
static const char *createContext(EGLDisplay dpy, EGLContext *ctxOut, EGLSurface *surfOut) {
	EGLint major, minor;
	if (!eglInitialize(dpy, &major, &minor)) return "eglInitialize failed";
	if (!eglBindAPI(EGL_OPENGL_API)) return "eglBindAPI(EGL_OPENGL_API) failed";
	int surfaceless = hasExtension(eglQueryString(dpy, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
	EGLint cfgAttr[] = {
		EGL_SURFACE_TYPE, surfaceless ? 0 : EGL_PBUFFER_BIT,
		EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
		EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
		EGL_NONE,
	};
	EGLConfig cfg;
	EGLint n = 0;
	if (!eglChooseConfig(dpy, cfgAttr, &cfg, 1, &n) || n < 1) return "no EGL config for desktop OpenGL";
	EGLint ctxAttr[] = {
		EGL_CONTEXT_MAJOR_VERSION, 3,
		EGL_CONTEXT_MINOR_VERSION, 3,
		EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
		EGL_NONE,
	};
	EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctxAttr);
	if (ctx == EGL_NO_CONTEXT) return "eglCreateContext(OpenGL 3.3 core) failed";
	EGLSurface surf = EGL_NO_SURFACE;
	if (!surfaceless) {
		EGLint pbAttr[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
		surf = eglCreatePbufferSurface(dpy, cfg, pbAttr);
		if (surf == EGL_NO_SURFACE) {
			eglDestroyContext(dpy, ctx);
			return "eglCreatePbufferSurface failed";
		}
	}
	if (!eglMakeCurrent(dpy, surf, surf, ctx)) {
		if (surf != EGL_NO_SURFACE) eglDestroySurface(dpy, surf);
		eglDestroyContext(dpy, ctx);
		return "eglMakeCurrent failed";
	}
	*ctxOut = ctx;
	*surfOut = surf;
	return NULL;
}

static void destroyContext(EGLDisplay dpy, EGLContext ctx, EGLSurface surf) {
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	if (surf != EGL_NO_SURFACE) eglDestroySurface(dpy, surf);
	eglDestroyContext(dpy, ctx);
	eglReleaseThread();
}

static void *procAddress(const char *name) { return (void *)eglGetProcAddress(name); }
*/
import "C"

import (
	"fmt"
	"sync"
	"unsafe"
)

// EGL displays are per-process singletons: two engines get the same one, and eglTerminate would
// pull it from under the other. Count the users and terminate only when the last one leaves.
var (
	displayMu    sync.Mutex
	displayUsers = map[C.EGLDisplay]int{}
)

func releaseDisplay(dpy C.EGLDisplay) {
	displayMu.Lock()
	defer displayMu.Unlock()
	displayUsers[dpy]--
	if displayUsers[dpy] <= 0 {
		delete(displayUsers, dpy)
		C.eglTerminate(dpy)
	}
}

// eglContext is a desktop GL context made by EGL, current on the engine's thread.
type eglContext struct {
	dpy     C.EGLDisplay
	ctx     C.EGLContext
	surf    C.EGLSurface
	backend string
}

// newEGLContext makes a GL 3.3 core context current on the calling (locked) thread. surfaceless
// selects Mesa's surfaceless platform; otherwise the default display is used.
func newEGLContext(surfaceless bool) (*eglContext, error) {
	name := "EGL default display"
	dpy := C.EGLDisplay(C.EGL_NO_DISPLAY)
	if surfaceless {
		name = "EGL surfaceless (Mesa)"
		dpy = C.surfacelessDisplay()
	} else {
		dpy = C.defaultDisplay()
	}
	if dpy == C.EGLDisplay(C.EGL_NO_DISPLAY) {
		return nil, fmt.Errorf("%s: no display", name)
	}
	c := &eglContext{dpy: dpy, backend: name}
	displayMu.Lock()
	displayUsers[dpy]++
	displayMu.Unlock()
	if msg := C.createContext(dpy, &c.ctx, &c.surf); msg != nil {
		code := C.eglGetError()
		releaseDisplay(dpy)
		return nil, fmt.Errorf("%s: %s (EGL error 0x%x)", name, C.GoString(msg), int(code))
	}
	return c, nil
}

// procAddr returns the address of a GL function for go-gl's loader.
func (c *eglContext) procAddr(name string) unsafe.Pointer {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.procAddress(cs)
}

// name says which backend made the context.
func (c *eglContext) name() string { return c.backend }

// destroy releases the context and the display's resources.
func (c *eglContext) destroy() {
	C.destroyContext(c.dpy, c.ctx, c.surf)
	releaseDisplay(c.dpy)
}
