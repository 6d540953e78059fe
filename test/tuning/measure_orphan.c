/* Tuning test: a measuring child dies with its tuner. A "tuner" process
 * measures a candidate that writes its pid and then hangs (the time limit
 * is far away); the tuner is killed with SIGKILL. Its measuring child must
 * not run on reparented: this program makes itself the subreaper of its
 * descendants (PR_SET_CHILD_SUBREAPER), so the orphan becomes its child and
 * waitpid tells how it ended — killed by SIGKILL (PR_SET_PDEATHSIG), not
 * still running after several seconds. */
// RUN: rm -f %t.pid
// RUN: tuning-measure_orphan %t.pid 2>&1 | FileCheck %s
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tuning/measure.h"

static const char *pid_path;

static void sleep_ms(int ms) { nanosleep(&(struct timespec){0, ms * 1000000L}, NULL); }

/* In the measuring child: publish the pid (written whole, then renamed),
 * then hang. */
static bool prepare_publish_and_hang(void *user, char **error) {
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.tmp", pid_path);
  FILE *f = fopen(tmp, "w");
  if (!f)
    _exit(2);
  fprintf(f, "%d\n", (int)getpid());
  fclose(f);
  rename(tmp, pid_path);
  for (;;)
    pause();
  return false;
}

static bool run_nothing(void *user, double *seconds, char **error) { return true; }

/* The tuner: one measurement with a 10-minute limit. */
static void tuner_main(void) {
  strata_measure_callbacks_t cb = {.prepare = prepare_publish_and_hang, .run = run_nothing};
  strata_measure_options_t opt = strata_measure_default_options();
  opt.timeout_seconds = 600;
  strata_measure_result_t r = strata_measure(&cb, &opt);
  strata_measure_result_clear(&r);
  _exit(0);
}

/* The measuring child's pid, once published; -1 after ~10 s without. */
static pid_t read_child_pid(void) {
  for (int i = 0; i < 1000; ++i, sleep_ms(10)) {
    FILE *f = fopen(pid_path, "r");
    int pid = -1;
    if (f && fscanf(f, "%d", &pid) == 1 && pid > 0) {
      fclose(f);
      return (pid_t)pid;
    }
    if (f)
      fclose(f);
  }
  return -1;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  pid_path = argv[1];
  unlink(pid_path);
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
    printf("FAILED: cannot become a subreaper: %s\n", strerror(errno));
    return 1;
  }
  fflush(NULL);
  pid_t tuner = fork();
  if (tuner == 0)
    tuner_main();
  pid_t child = read_child_pid();
  // CHECK: measuring child started: 1
  printf("measuring child started: %d\n", child > 0);
  kill(tuner, SIGKILL);
  int status = 0;
  waitpid(tuner, &status, 0);
  // CHECK-NEXT: tuner killed: 1
  printf("tuner killed: %d\n", WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  if (child <= 0)
    return 1;
  /* The orphan is now our child (subreaper): it must end, killed. */
  pid_t done = 0;
  for (int i = 0; i < 500 && done == 0; ++i) {
    done = waitpid(child, &status, WNOHANG);
    if (done == 0)
      sleep_ms(10);
  }
  bool killed = done == child && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
  // CHECK-NEXT: measuring child died with the tuner: 1
  printf("measuring child died with the tuner: %d\n", killed);
  if (done == 0) { /* still running after 5 s: clean up */
    kill(child, SIGKILL);
    waitpid(child, &status, 0);
  }
  unlink(pid_path);
  return 0;
}
