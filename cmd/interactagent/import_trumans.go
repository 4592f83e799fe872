package main

import (
	"cmp"
	"fmt"

	"interactagent/motion/trumans"
	"interactagent/task"
)

// importOne imports one reference: a TRUMANS recording's scene (DIR#SCENE, DIR holding
// scene_list.npy), else UniHSI plans.
func importOne(ref, room string) (*task.Suite, error) {
	if dir, name, ok := task.ParseTRUMANSRef(ref); ok {
		return importTRUMANS(dir, name, room)
	}
	return task.ImportUniHSI(ref)
}

// importTRUMANS imports the annotated actions of scene name of the recording in dir, reading
// their goals in room (the recording's own, DIR#SCENE, when empty). The recording, the scene and
// its actions are checked before the room is opened, so a bad recording is reported as such.
func importTRUMANS(dir, name, room string) (*task.Suite, error) {
	rec, err := trumans.Open(dir)
	if err != nil {
		return nil, err
	}
	if _, err := rec.SceneActions(name); err != nil {
		return nil, err
	}
	room = cmp.Or(room, task.TRUMANSRef(dir, name))
	sc, err := task.OpenScene(room)
	if err != nil {
		return nil, fmt.Errorf("import: the room %s, to read the goals of %s in: %w (give --scene ROOM to read them in another)", room, task.TRUMANSRef(dir, name), err)
	}
	return task.ImportTRUMANS(rec, name, sc, room)
}
