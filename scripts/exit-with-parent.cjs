// The watchdog of one child process group (scripts/exit-with-parent.ts). Its parent, the process
// that started the group, holds the other end of its stdin and never writes to it; when that
// parent dies, even by SIGKILL, the pipe closes and the group is killed with it, instead of
// holding its ports and gigabytes of memory until someone finds it.
const group = Number(process.argv[2]);

process.stdin.on("end", () => {
  try {
    process.kill(-group, "SIGKILL");
  } catch {
    // the group is gone already
  }
  process.exit(0);
});
process.stdin.resume();
