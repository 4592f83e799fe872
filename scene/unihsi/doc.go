// Package unihsi reads UniHSI scene plans (docs/unihsi.md): objects placed in a Z-up world and a
// task, the chain of contacts a person must make with them (Plan, Task, Step, ContactPair), and
// turns a plan into a scene of proxy furniture (Plan.Scene) in our Y-up world.
package unihsi
