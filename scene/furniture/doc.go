// Package furniture builds rooms procedurally: watertight furniture pieces of many kinds (New,
// Kinds), walls with doorways, our layout JSON (docs/scene-layout.md) that arranges them, and the
// built-in rooms embedded in the binary (Builtin, BuiltinNames).
package furniture
