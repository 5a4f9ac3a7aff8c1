/**
 * The name every line the CLI prints on stderr starts with. On its own, so that the Io (which
 * says when stdout was closed) and the error lines (which take an Io) need not import each other.
 */
export const PROGRAM_NAME = 'sokoban';
