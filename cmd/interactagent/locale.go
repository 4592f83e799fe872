package main

// Fyne, linked into this binary for the desktop app, reads the messages locale while Go packages
// initialise and logs "Error parsing user locale C" three times on every command where that
// locale is C.UTF-8 (C.utf8, …), the default of Debian containers: it cuts the encoding off and
// cannot parse "C". Go code runs too late to prevent that, and a C setenv is not seen by Go,
// which reads the environment from the process stack. So a C constructor, run as the program
// loads, points the one stack entry that decides (the first of LC_ALL, LC_MESSAGES, LANG that is
// set) at the same setting for English, en_US.UTF-8, when it is C.<encoding>; nothing else
// changes, and C's messages are English anyway.

/*
#include <string.h>

static char lc_all[] = "LC_ALL=en_US.UTF-8";
static char lc_messages[] = "LC_MESSAGES=en_US.UTF-8";
static char lang[] = "LANG=en_US.UTF-8";

// entry returns the index of name's entry in envp, or -1.
static int entry(char **envp, const char *name) {
	size_t n = strlen(name);
	for (int i = 0; envp != NULL && envp[i] != NULL; i++) {
		if (strncmp(envp[i], name, n) == 0 && envp[i][n] == '=') return i;
	}
	return -1;
}

// glibc calls ELF constructors with argc, argv and envp.
__attribute__((constructor)) static void interactagent_messages_locale(int argc, char **argv, char **envp) {
	const char *names[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	char *english[] = {lc_all, lc_messages, lang};
	for (int k = 0; k < 3; k++) {
		int i = entry(envp, names[k]);
		if (i < 0 || envp[i][strlen(names[k]) + 1] == '\0') continue;
		if (strncmp(envp[i] + strlen(names[k]) + 1, "C.", 2) == 0) envp[i] = english[k];
		return;
	}
}
*/
import "C"
