package main

import (
	"fmt"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// boneJoint maps each of the CMU-MB rig's 31 bones onto the joint of ours whose rotation moves the
// vertices it weights: a bone is named by the joint at its head, so the thigh bone LeftUpLeg (hip to
// knee) belongs to left_hip. Bones with no joint of their own merge into their nearest one: the hip
// connectors into the pelvis, Neck1 into the neck, the thumb and finger bones into the wrist.
var boneJoint = map[string]motion.Joint{
	"Hips": motion.Pelvis, "LHipJoint": motion.Pelvis, "RHipJoint": motion.Pelvis,
	"LeftUpLeg": motion.LeftHip, "RightUpLeg": motion.RightHip,
	"LowerBack": motion.Spine1, "Spine": motion.Spine2, "Spine1": motion.Spine3,
	"LeftLeg": motion.LeftKnee, "RightLeg": motion.RightKnee,
	"LeftFoot": motion.LeftAnkle, "RightFoot": motion.RightAnkle,
	"LeftToeBase": motion.LeftFoot, "RightToeBase": motion.RightFoot,
	"Neck": motion.Neck, "Neck1": motion.Neck,
	"LeftShoulder": motion.LeftCollar, "RightShoulder": motion.RightCollar,
	"Head":    motion.Head,
	"LeftArm": motion.LeftShoulder, "RightArm": motion.RightShoulder,
	"LeftForeArm": motion.LeftElbow, "RightForeArm": motion.RightElbow,
	"LeftHand": motion.LeftWrist, "LThumb": motion.LeftWrist, "LeftFingerBase": motion.LeftWrist,
	"LeftHandFinger1": motion.LeftWrist,
	"RightHand":       motion.RightWrist, "RThumb": motion.RightWrist, "RightFingerBase": motion.RightWrist,
	"RightHandFinger1": motion.RightWrist,
}

// jointBone names, per joint of ours, the bone whose head is that joint's rest position.
var jointBone = [motion.NumJoints]string{
	"Hips", "LeftUpLeg", "RightUpLeg", "LowerBack", "LeftLeg", "RightLeg", "Spine",
	"LeftFoot", "RightFoot", "Spine1", "LeftToeBase", "RightToeBase", "Neck", "LeftShoulder",
	"RightShoulder", "Head", "LeftArm", "RightArm", "LeftForeArm", "RightForeArm", "LeftHand", "RightHand",
}

// rigBone is what the converter reads of one bone of an MPFB2 rig file.
type rigBone struct {
	Parent string `json:"parent"`
	Head   struct {
		CubeName string `json:"cube_name"`
		Strategy string `json:"strategy"`
	} `json:"head"`
}

// checkRig reports a rig whose bones are not exactly those boneJoint maps.
func checkRig(file string, rig map[string]rigBone) error {
	if name, ok := firstMissing(rig, boneJoint); ok {
		return fmt.Errorf("convert: %s has bone %q, want only the CMU-MB rig's 31 bones", file, name)
	}
	if name, ok := firstMissing(boneJoint, rig); ok {
		return fmt.Errorf("convert: %s lacks bone %q of the CMU-MB rig", file, name)
	}
	return nil
}

// firstMissing returns the first key of a (in order) that b lacks.
func firstMissing[A, B any](a map[string]A, b map[string]B) (string, bool) {
	for _, k := range sortedKeys(a) {
		if _, ok := b[k]; !ok {
			return k, true
		}
	}
	return "", false
}

// restJoints places each of our joints at the mean of the vertex group (a "joint cube" of the base
// mesh) that the rig names as the head of the joint's bone.
func restJoints(file string, rig map[string]rigBone, groups map[string][][2]int, verts []mgl64.Vec3) ([motion.NumJoints]mgl64.Vec3, error) {
	var out [motion.NumJoints]mgl64.Vec3
	for j, name := range jointBone {
		h := rig[name].Head
		if h.Strategy != "CUBE" || h.CubeName == "" {
			return out, fmt.Errorf("convert: %s: bone %q has head strategy %q, want a CUBE vertex group", file, name, h.Strategy)
		}
		p, err := groupMean(groups, h.CubeName, verts)
		if err != nil {
			return out, fmt.Errorf("convert: %s: bone %q: %w", file, name, err)
		}
		out[j] = p
	}
	return out, nil
}

// groupMean returns the mean position of a vertex group's vertices.
func groupMean(groups map[string][][2]int, name string, verts []mgl64.Vec3) (mgl64.Vec3, error) {
	var sum mgl64.Vec3
	n := 0
	for _, r := range groups[name] {
		for v := r[0]; v <= r[1] && v >= 0 && v < len(verts); v++ {
			sum, n = sum.Add(verts[v]), n+1
		}
	}
	if n == 0 {
		return sum, fmt.Errorf("vertex group %q has no vertices of the mesh, want its joint cube", name)
	}
	return sum.Mul(1 / float64(n)), nil
}

// sortedKeys returns a map's keys in order, so that every loop over a map is deterministic.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
