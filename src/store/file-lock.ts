/**
 * An exclusive advisory lock on an open file (flock(2)), held until the process exits: the
 * kernel releases it on any exit, kill -9 included. Node and Bun expose no flock, so it is
 * called from the C library through bun:ffi (which works inside the compiled binary).
 */
import { dlopen, FFIType } from "bun:ffi";

const LOCK_EX = 2;
const LOCK_NB = 4;

let flock: ((fd: number, op: number) => number) | null = null;

function load(): (fd: number, op: number) => number {
  if (!flock) {
    const libc = dlopen("libc.so.6", { flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 } });
    flock = libc.symbols.flock as (fd: number, op: number) => number;
  }
  return flock;
}

/** Takes the lock without waiting; false when another process holds it. */
export function tryLockExclusive(fd: number): boolean {
  return load()(fd, LOCK_EX | LOCK_NB) === 0;
}
