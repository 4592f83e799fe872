package bench

import (
	"interactagent/agent"
	"interactagent/eval"
	"interactagent/scene"
	"interactagent/task"
)

// judgeTrace fills a trial's result from the agent's trace: every round's motion judged under
// both of the task's rules, its penetration and check, the VQUs up to it, and the costs.
func judgeTrace(res *Result, task task.Task, sc *scene.Scene, tr *agent.Trace) {
	judge := eval.NewJudge(sc)
	vqus := vqusThrough(tr)
	res.Model, res.Executor = tr.Model, tr.Executor
	for i, round := range tr.Rounds {
		o := RoundOutcome{Round: round.Index, PeMax: round.Metrics.Penetration.Max, Pe10: round.Metrics.Penetration.Top10,
			Pass: round.Metrics.Pass, VQUsThrough: vqus[i+1]}
		for _, rule := range eval.RulesFor(task) {
			out := judge.Judge(task, round.Motion, rule)
			if rule.Name == eval.Strict().Name {
				o.Strict = out
			} else {
				o.Released = out
			}
		}
		res.Rounds = append(res.Rounds, o)
		if o.Pass != nil && *o.Pass && res.FirstPass == 0 {
			res.FirstPass = round.Index
		}
	}
	res.Final, res.Stop = tr.Final, len(res.Rounds)
	if res.FirstPass > 0 {
		res.Stop = res.FirstPass
	}
	res.Judging = judgeTrial(res, task, judge, tr)
	c := tr.Costs
	res.Costs = Costs{VQUs: c.VQUs, Requests: c.ModelRequests, Tokens: c.PromptTokens + c.CompletionTokens, Money: c.Money,
		Executions: c.MotionExecutions, Renders: c.Renders}
}

// vqusThrough returns, for each round r (index r, from 1; index 0 is the scene analysis before
// round 1), the images sent to the model from the start to the end of round r, from the usage
// the trace's events carry.
func vqusThrough(tr *agent.Trace) []int {
	out := make([]int, len(tr.Rounds)+1)
	for _, e := range tr.Events {
		if e.Usage != nil && e.Round >= 0 && e.Round < len(out) {
			out[e.Round] += e.Usage.Images
		}
	}
	for i := 1; i < len(out); i++ {
		out[i] += out[i-1]
	}
	return out
}
