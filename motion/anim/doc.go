// Package anim writes motion as a skeletal animation that artists' and researchers' tools read:
// glTF 2.0 skinned animation (a node hierarchy, a body mesh bound to it: a human body model such
// as body.Human posed in the rig's bind pose, or the capsule proxy; one animation per take) and BVH.
//
// Both share one rig (Nodes). The project's rotation convention puts a joint's local rotation on
// the bone from its parent to it (see motion.Rotations), while glTF nodes and BVH joints rotate
// everything below them. A joint with one child maps straight onto a node that carries its child's
// bone rotation; a joint with several children (the pelvis and spine3) cannot aim three bones with
// one rotation, so each of its children gets an intermediate node at the parent joint, named
// "<parent>_to_<child>", that carries that bone's rotation. The 22 joints keep HumanML3D's names
// (left_hip, spine3, ...), so a tool that reads only the named joints sees the skeleton of
// REFERENCE.md §3 with HumanML3D's bone lengths.
//
// Space is the project's (and glTF's and BVH's usual): right-handed, Y up, metres.
package anim
