package openai

import (
	"interactagent/mllm"
)

// request is one role's request before it is sent: the user prompt's data, the images, and how
// the reply is read.
type request struct {
	role   mllm.Role
	data   promptData
	views  []view
	schema *schema // nil: free text
}

// analyzeRequest shows the labelled shots and the object list; the analysis has no description
// to read yet.
func (m *Model) analyzeRequest(in mllm.SceneInput) (request, error) {
	vs, err := views(in.Shots, m.opt.MaxImageSide, m.opt.OneImage)
	if err != nil {
		return request{}, err
	}
	in.Description = ""
	return request{role: mllm.RoleAnalyze, data: common(in.Context, imageLines(vs)), views: vs}, nil
}

// planRequest shows the task, the description and any shots; to replan, also what is done and
// where the body stands now.
func (m *Model) planRequest(in mllm.PlanInput) (request, error) {
	vs, err := views(in.Shots, m.opt.MaxImageSide, m.opt.OneImage)
	if err != nil {
		return request{}, err
	}
	d := common(in.Context, imageLines(vs))
	if len(in.Done) > 0 || in.Hint != "" || in.From != in.Start {
		d.Replanning, d.Done, d.Hint = true, in.Done, in.Hint
		d.Now, d.NowObjects = movedText(in.Start, in.From), objectFacts(in.Scene, in.From)
	}
	return request{role: mllm.RolePlan, data: d, views: vs, schema: planSchema}, nil
}

// observeRequest shows the step's ghost image, the plan, the step and its earlier attempts.
func (m *Model) observeRequest(in mllm.ObserveInput) (request, error) {
	vs, err := views([]mllm.Image{in.Image}, m.opt.MaxImageSide, m.opt.OneImage)
	if err != nil {
		return request{}, err
	}
	d := common(in.Context, imageLines(vs))
	d.Plan, d.Step, d.Action, d.Feedback = in.Plan, in.Step+1, in.Action, in.Feedback
	d.Attempts = attemptFacts(in.Attempts)
	if len(vs) > 0 {
		d.StepImage = "Image 1"
	}
	return request{role: mllm.RoleObserve, data: d, views: vs, schema: observeSchema}, nil
}

// reflectRequest shows every round of the memory: its text always, its image where kept.
func (m *Model) reflectRequest(in mllm.ReflectInput) (request, error) {
	var ims []mllm.Image
	for _, r := range in.Memory {
		ims = append(ims, r.Image)
	}
	vs, err := views(ims, m.opt.MaxImageSide, m.opt.OneImage)
	if err != nil {
		return request{}, err
	}
	d := common(in.Context, imageLines(vs))
	d.Rounds = roundFacts(in.Memory, m.opt.OneImage)
	return request{role: mllm.RoleReflect, data: d, views: vs, schema: reflectSchema}, nil
}

// roundFacts words the memory, naming each kept image as the request attaches it.
func roundFacts(mem []mllm.Round, tiledViews bool) []roundFact {
	total := 0
	for _, r := range mem {
		if !r.Image.Empty() {
			total++
		}
	}
	var out []roundFact
	k := 0
	for _, r := range mem {
		f := roundFact{Index: r.Index, Plan: r.Plan, Verdict: verdictText(r.Verdict), Feedback: r.Feedback}
		for _, s := range r.Steps {
			f.Steps = append(f.Steps, stepFact{Action: s.Action, Attempts: attemptFacts(s.Attempts)})
		}
		if !r.Image.Empty() {
			f.Picture = pictureName(k, total, tiledViews)
			k++
		}
		out = append(out, f)
	}
	return out
}

// checkRequest shows the ghost image of the whole motion.
func (m *Model) checkRequest(in mllm.CheckInput) (request, error) {
	vs, err := views([]mllm.Image{in.Image}, m.opt.MaxImageSide, m.opt.OneImage)
	if err != nil {
		return request{}, err
	}
	d := common(in.Context, imageLines(vs))
	d.Feedback = in.Feedback
	if len(vs) > 0 {
		d.StepImage = "Image 1"
	}
	return request{role: mllm.RoleCheck, data: d, views: vs, schema: checkSchema}, nil
}
