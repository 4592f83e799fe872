package mllm

// The request views: each input as its cache key sees it, geometry and images as hashes.

func (fp *fingerprints) sceneInput(in SceneInput) any {
	return struct {
		C     contextView
		Shots []imageView
	}{fp.context(in.Context), imageViews(in.Shots...)}
}

func (fp *fingerprints) planInput(in PlanInput) any {
	return struct {
		C        contextView
		Shots    []imageView
		From     any
		Done     []string
		Executed string
		Hint     string
	}{fp.context(in.Context), imageViews(in.Shots...), in.From, in.Done, clipHash(in.Executed), in.Hint}
}

func (fp *fingerprints) observeInput(in ObserveInput) any {
	return struct {
		C        contextView
		Plan     []string
		Step     int
		Action   string
		Attempts []Attempt
		Image    []imageView
		Executed string
		StepFrom int
		Feedback string
	}{fp.context(in.Context), in.Plan, in.Step, in.Action, in.Attempts, imageViews(in.Image), clipHash(in.Executed), in.StepFrom, in.Feedback}
}

// roundView is a round of the memory as a key sees it.
type roundView struct {
	Index    int
	Plan     []string
	Steps    []StepRecord
	Motion   string
	Image    []imageView
	Verdict  *Verdict
	Feedback string
}

func (fp *fingerprints) reflectInput(in ReflectInput) any {
	var mem []roundView
	for _, r := range in.Memory {
		mem = append(mem, roundView{r.Index, r.Plan, r.Steps, clipHash(r.Motion), imageViews(r.Image), r.Verdict, r.Feedback})
	}
	return struct {
		C      contextView
		Memory []roundView
	}{fp.context(in.Context), mem}
}

func (fp *fingerprints) checkInput(in CheckInput) any {
	return struct {
		C        contextView
		Image    []imageView
		Motion   string
		Feedback string
	}{fp.context(in.Context), imageViews(in.Image), clipHash(in.Motion), in.Feedback}
}
