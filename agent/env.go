package agent

import (
	"interactagent/eval"
	"interactagent/executor"
	"interactagent/mllm"
	"interactagent/motion"
	"interactagent/scene"
)

// Env is everything a run works with. The CLI, the desktop app and the benchmark fill it the same
// way and call Run.
type Env struct {
	// Settings are what the run is built from: Settings.Scene is how Scene was opened (a built-in
	// name or a file) and Settings.Task the instruction, all any model role is told of what to
	// do; the backends' settings say how Model and Executor were built (never a key). run.json
	// keeps them, so that the app and a resume open the same scene and build the same backends.
	Settings Settings
	Scene    *scene.Scene
	// Model plays the five roles; the run puts its folder's reply cache around it.
	Model mllm.Model
	// Executor turns actions into motion; ExecutorName names it (with its profile) for caches and
	// run.json, such as "kinematic/motionllm".
	Executor     executor.Executor
	ExecutorName string
	// Body is what penetration is measured on; nil is the body Settings.Body names
	// (eval.BodyNamed), which a run with the smplx body cannot do without (wiring.NewEnv opens it).
	Body eval.Body
	// Render draws the scene shots and ghost images the model is shown; nil sends a blank
	// stand-in picture (for backends that read geometry, and for tests).
	Render Renderer
	// Folder is where the run is written; nil writes nothing.
	Folder *Folder
	// Person may pause the run before a step, edit the step's action and override decisions;
	// nil runs without one.
	Person Intervener
	// Prices estimate what the model costs (by model name, such as "gpt-4o"); nil estimates nothing.
	Prices mllm.Prices
}

// Renderer draws what a model is shown: labelled shots of the scene and ghost images of motion.
// Implementations are used from the run's goroutine only.
type Renderer interface {
	// Shots returns the labelled scene shots the scene analysis is shown.
	Shots(s *scene.Scene) ([]mllm.Image, error)
	// Ghost draws frames [from, to) of c over the scene as one ghost image.
	Ghost(s *scene.Scene, c *motion.Clip, from, to int) ([]byte, error)
}
