/* strata-tune tune --mpi (tune_mpi.h): rank 0 hands each search batch out
 * one candidate per rank at a time and measures its own share in a child
 * process it polls (so that it keeps serving the other ranks meanwhile);
 * the other ranks measure what they are sent with the usual isolation
 * (strata_te_task_measure: a forked child with a time limit) and send back
 * the latency or the error. Messages: rank 0 -> rank r, TAG_WORK = int
 * array [sequence, kernel, knobs, choices...] or TAG_STOP; rank r -> 0,
 * TAG_RESULT = result_header_t followed by the error text. A rank that
 * misses its deadline is dead or hung: its candidate becomes an error and
 * it gets nothing more; its late answers are drained and ignored. mpirun
 * must be started with --enable-recovery, or it ends the whole job when a
 * rank dies. Fault injection for the tests: STRATA_TUNE_MPI_INJECT=
 * "die=R:N" (rank R kills itself with SIGKILL on receiving its N-th
 * candidate, from 0) or "hang=R:N" (it stops answering). */
#include "tools/strata-tune/tune_mpi.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "passes/te/te_measure.h"
#include "runtime/status.h"
#include "tuning/measure.h"

#ifdef STRATA_HAVE_MPI
#include <mpi.h>

enum { TAG_TARGET = 1, TAG_VERDICT, TAG_WORK, TAG_RESULT, TAG_STOP };
enum { TARGET_MAX = 512, SUMMARY_MAX = 1024 };

/* A rank answers within the time limit of a measurement (which bounds
 * compiling and the timed runs together) plus this many seconds for the
 * fork and the messages, or it is given up on. */
#define DEADLINE_MARGIN 5.0

typedef struct {
  int64_t sequence;
  int32_t ok, noisy;
  double latency;
} result_header_t;

static struct {
  int rank, size;
  bool started;
  bool lost;          /* some rank stopped answering */
  bool *usable;       /* per rank: accepted and answering */
  int *inflight;      /* per rank: the batch index it measures, -1 idle */
  int64_t *sequence;  /* per rank: the sequence number of that candidate */
  double *deadline;   /* per rank: strata_measure_now() by which it must answer */
  int *measured;      /* per rank: candidates it measured (rank 0: in batches) */
  int lost_candidates; /* candidates lost with their rank */
  int64_t next_sequence;
  char summary[SUMMARY_MAX];
} g;

bool strata_tune_mpi_available(void) { return true; }

/* --- fault injection ------------------------------------------------------- */

/* "die" or "hang" when STRATA_TUNE_MPI_INJECT asks this rank to at its
 * n-th candidate; NULL otherwise. */
static const char *injected(int n) {
  const char *spec = getenv("STRATA_TUNE_MPI_INJECT");
  for (const char *p = spec; p && *p;) {
    int rank = -1, at = -1;
    const char *what = strncmp(p, "die=", 4) == 0 ? "die" : strncmp(p, "hang=", 5) == 0 ? "hang" : NULL;
    if (what && sscanf(p + strlen(what) + 1, "%d:%d", &rank, &at) == 2 && rank == g.rank &&
        at == n)
      return what;
    p = strchr(p, ',');
    p = p ? p + 1 : NULL;
  }
  return NULL;
}

/* --- start: the target check ------------------------------------------------- */

bool strata_tune_mpi_start(int *argc, char ***argv, const char *target_option,
                           bool target_given, int *rank, int *size, bool *accepted,
                           char **error) {
  int provided = 0;
  if (MPI_Init_thread(argc, argv, MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS)
    return strata_fail(error, "--mpi: MPI_Init failed");
  g.started = true;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &g.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g.size);
  *rank = g.rank;
  *size = g.size;
  char own[TARGET_MAX];
  strata_te_tuning_target(target_option, own, sizeof own);
  int verdict = 1;
  if (g.rank != 0) {
    MPI_Send(own, TARGET_MAX, MPI_CHAR, 0, TAG_TARGET, MPI_COMM_WORLD);
    MPI_Recv(&verdict, 1, MPI_INT, 0, TAG_VERDICT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    *accepted = verdict == 1;
    return true;
  }
  g.usable = calloc((size_t)g.size, sizeof *g.usable);
  g.inflight = calloc((size_t)g.size, sizeof *g.inflight);
  g.sequence = calloc((size_t)g.size, sizeof *g.sequence);
  g.deadline = calloc((size_t)g.size, sizeof *g.deadline);
  g.measured = calloc((size_t)g.size, sizeof *g.measured);
  if (!g.usable || !g.inflight || !g.sequence || !g.deadline || !g.measured)
    abort();
  g.usable[0] = true;
  g.inflight[0] = -1;
  for (int r = 1; r < g.size; ++r) {
    char theirs[TARGET_MAX];
    MPI_Recv(theirs, TARGET_MAX, MPI_CHAR, r, TAG_TARGET, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    theirs[TARGET_MAX - 1] = '\0';
    verdict = target_given || strcmp(theirs, own) == 0;
    if (!verdict)
      fprintf(stderr,
              "strata-tune: rank %d refused: its target '%s' differs from rank 0's '%s' "
              "(records are per target; give --target to declare them the same)\n",
              r, theirs, own);
    MPI_Send(&verdict, 1, MPI_INT, r, TAG_VERDICT, MPI_COMM_WORLD);
    g.usable[r] = verdict;
    g.inflight[r] = -1;
  }
  *accepted = true;
  return true;
}

/* --- rank 0's own measurement: a child process it polls -------------------------- */

typedef struct {
  pid_t pid;
  int fd;
  int index; /* in the batch, -1 when idle */
} local_job_t;

/* Measures one candidate (the usual isolation: strata_te_task_measure)
 * into a result message: a result_header_t, then the error text. */
static char *measure_message(strata_te_task_t *t, const strata_choice_t *c, int64_t sequence,
                             size_t *size) {
  int noisy_before = t->noisy;
  double latency = NAN;
  char *error = NULL;
  bool ok = strata_te_task_measure(t, c, &latency, &error);
  result_header_t h = {sequence, ok, t->noisy - noisy_before, latency};
  size_t len = error ? strlen(error) + 1 : 0;
  char *msg = malloc(sizeof h + len + 1);
  if (!msg)
    abort();
  memcpy(msg, &h, sizeof h);
  if (error)
    memcpy(msg + sizeof h, error, len);
  free(error);
  *size = sizeof h + len;
  return msg;
}

static bool local_start(local_job_t *j, strata_te_task_t *t, const strata_choice_t *c,
                        int index) {
  int fds[2];
  if (pipe(fds) != 0)
    return false;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return false;
  }
  if (pid == 0) { /* the child: no MPI here; _exit skips the atexit handlers */
    close(fds[0]);
    size_t size = 0;
    char *msg = measure_message(t, c, 0, &size);
    strata_write_all(fds[1], msg, size);
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  *j = (local_job_t){pid, fds[0], index};
  return true;
}

/* Decodes a result message into the batch slot. */
static void take_result(const char *msg, size_t len, strata_te_task_t *t, bool *ok,
                        double *latency, char **error) {
  result_header_t h;
  if (len < sizeof h) {
    *ok = false;
    *error = strdup("the measuring process ended without a result");
    return;
  }
  memcpy(&h, msg, sizeof h);
  *ok = h.ok;
  *latency = h.ok ? h.latency : NAN;
  t->noisy += h.noisy;
  ++t->measurements;
  if (!h.ok) {
    *error = len > sizeof h ? strndup(msg + sizeof h, len - sizeof h) : strdup("failed");
    if (!t->first_error)
      t->first_error = strdup(*error);
  }
}

/* True when the local job finished (its result stored). */
static bool local_poll(local_job_t *j, strata_te_task_t *t, bool *ok, double *latency,
                       char **error) {
  struct pollfd p = {.fd = j->fd, .events = POLLIN};
  if (poll(&p, 1, 0) <= 0)
    return false;
  size_t cap = 4096, len = 0;
  char *msg = malloc(cap);
  ssize_t got;
  while (msg && (got = read(j->fd, msg + len, cap - len)) != 0) {
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      break;
    len += (size_t)got;
    if (len == cap && !(msg = realloc(msg, cap *= 2)))
      abort();
  }
  close(j->fd);
  while (waitpid(j->pid, NULL, 0) < 0 && errno == EINTR) {
  }
  take_result(msg, len, t, ok, latency, error);
  free(msg);
  j->index = -1;
  return true;
}

/* --- rank 0: the batch ---------------------------------------------------------- */

static void send_work(int r, strata_tune_kernel_t *k, const strata_choice_t *c, int index,
                      double timeout) {
  size_t nk = k->task.space.num_knobs;
  int *msg = malloc((3 + nk) * sizeof *msg);
  if (!msg)
    abort();
  g.sequence[r] = g.next_sequence++;
  msg[0] = (int)g.sequence[r];
  msg[1] = k->index;
  msg[2] = (int)nk;
  for (size_t i = 0; i < nk; ++i)
    msg[3 + i] = (int)c[i];
  if (MPI_Send(msg, (int)(3 + nk), MPI_INT, r, TAG_WORK, MPI_COMM_WORLD) != MPI_SUCCESS) {
    g.usable[r] = false; /* unreachable: the candidate goes to another rank */
    free(msg);
    return;
  }
  free(msg);
  g.inflight[r] = index;
  g.deadline[r] = strata_measure_now() + timeout + DEADLINE_MARGIN;
}

/* Receives one waiting result, if any; true when one was taken. */
static bool poll_remote(strata_tune_kernel_t *k, bool *oks, double *latencies, char **errors,
                        int *done) {
  int flag = 0;
  MPI_Status st;
  if (MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &flag, &st) != MPI_SUCCESS || !flag)
    return false;
  int len = 0;
  MPI_Get_count(&st, MPI_CHAR, &len);
  char *msg = malloc((size_t)len + 1);
  if (!msg)
    abort();
  MPI_Recv(msg, len, MPI_CHAR, st.MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  int r = st.MPI_SOURCE;
  result_header_t h = {-1, 0, 0, 0};
  if ((size_t)len >= sizeof h)
    memcpy(&h, msg, sizeof h);
  /* A late answer of a rank given up on, or of an earlier batch: ignored. */
  if (g.usable[r] && g.inflight[r] >= 0 && h.sequence == g.sequence[r]) {
    int i = g.inflight[r];
    take_result(msg, (size_t)len, &k->task, &oks[i], &latencies[i], &errors[i]);
    g.inflight[r] = -1;
    ++g.measured[r];
    ++*done;
  }
  free(msg);
  return true;
}

/* Gives up on ranks past their deadline; true when one was. */
static bool expire(strata_tune_kernel_t *k, bool *oks, char **errors, int *done) {
  bool any = false;
  double now = strata_measure_now();
  for (int r = 1; r < g.size; ++r) {
    if (!g.usable[r] || g.inflight[r] < 0 || now < g.deadline[r])
      continue;
    int i = g.inflight[r];
    oks[i] = false;
    strata_fail(&errors[i], "rank %d did not answer within %.0f s (dead or hung); it gets no "
                            "more candidates", r, k->task.measure.timeout_seconds + DEADLINE_MARGIN);
    fprintf(stderr, "strata-tune: %s\n", errors[i]);
    ++k->task.measurements;
    g.usable[r] = false;
    g.inflight[r] = -1;
    g.lost = true;
    ++g.lost_candidates;
    ++*done;
    any = true;
  }
  return any;
}

void strata_tune_mpi_measure_batch(void *user, strata_tune_kernel_t *k,
                                   const strata_choice_t *c, int n, bool *oks,
                                   double *latencies, char **errors) {
  (void)user;
  size_t nk = k->task.space.num_knobs;
  double timeout = k->task.measure.timeout_seconds;
  local_job_t local = {.index = -1};
  int next = 0, done = 0;
  while (done < n) {
    bool progress = false;
    for (int r = 1; r < g.size && next < n; ++r)
      if (g.usable[r] && g.inflight[r] < 0) {
        send_work(r, k, c + (size_t)next * nk, next, timeout);
        next += g.inflight[r] >= 0;
        progress = true;
      }
    if (local.index < 0 && next < n) {
      if (local_start(&local, &k->task, c + (size_t)next * nk, next)) {
        ++next;
      } else { /* no fork: measure here, blocking */
        oks[next] = strata_te_task_measure(&k->task, c + (size_t)next * nk, &latencies[next],
                                           &errors[next]);
        ++g.measured[0];
        ++next;
        ++done;
      }
      progress = true;
    }
    if (local.index >= 0) {
      int i = local.index;
      if (local_poll(&local, &k->task, &oks[i], &latencies[i], &errors[i])) {
        ++g.measured[0];
        ++done;
        progress = true;
      }
    }
    while (poll_remote(k, oks, latencies, errors, &done))
      progress = true;
    progress |= expire(k, oks, errors, &done);
    if (!progress)
      nanosleep(&(struct timespec){0, 1000 * 1000}, NULL);
  }
}

/* --- the other ranks ------------------------------------------------------------ */

void strata_tune_mpi_serve(strata_tune_model_t *m) {
  int received = 0;
  for (;;) {
    /* Not MPI_Probe: OpenMPI's blocking calls spin, and an idle rank would
     * take a core from the measurements of the others on its machine. */
    MPI_Status st;
    int flag = 0;
    while (!flag) {
      if (MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st) != MPI_SUCCESS)
        return;
      if (!flag)
        nanosleep(&(struct timespec){0, 1000 * 1000}, NULL);
    }
    int len = 0;
    MPI_Get_count(&st, MPI_INT, &len);
    int *msg = malloc((size_t)(len > 0 ? len : 1) * sizeof *msg);
    if (!msg)
      abort();
    MPI_Recv(msg, len, MPI_INT, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (st.MPI_TAG != TAG_WORK) {
      free(msg);
      return; /* TAG_STOP */
    }
    const char *fault = injected(received++);
    if (fault && strcmp(fault, "die") == 0)
      raise(SIGKILL);
    while (fault) /* "hang": never answer */
      pause();
    int kernel = len >= 3 ? msg[1] : -1, nk = len >= 3 ? msg[2] : -1;
    if (len < 3 || kernel < 0 || (size_t)kernel >= m->count ||
        (size_t)nk != m->kernels[kernel].task.space.num_knobs || len != 3 + nk) {
      fprintf(stderr, "strata-tune: rank %d: a candidate this rank's model does not have "
                      "(the ranks must tune the same model)\n", g.rank);
      free(msg);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    strata_choice_t *c = calloc((size_t)nk + 1, sizeof *c);
    if (!c)
      abort();
    for (int i = 0; i < nk; ++i)
      c[i] = (strata_choice_t)msg[3 + i];
    size_t size = 0;
    char *result = measure_message(&m->kernels[kernel].task, c, msg[0], &size);
    MPI_Send(result, (int)size, MPI_CHAR, 0, TAG_RESULT, MPI_COMM_WORLD);
    free(result);
    free(c);
    free(msg);
  }
}

void strata_tune_mpi_finish(int status) {
  if (!g.started)
    return;
  if (g.rank == 0) {
    for (int r = 1; r < g.size; ++r)
      if (g.usable[r])
        MPI_Send(NULL, 0, MPI_INT, r, TAG_STOP, MPI_COMM_WORLD);
    fflush(NULL);
    if (g.lost) /* a hung rank would keep MPI_Finalize and mpirun waiting */
      MPI_Abort(MPI_COMM_WORLD, status);
  }
  MPI_Finalize();
}

const char *strata_tune_mpi_summary(int trials) {
  size_t n = 0;
  g.summary[0] = '\0';
  if (g.rank != 0 || !g.measured)
    return g.summary;
  int local = trials - g.lost_candidates; /* the rest, rank 0's: batches and single ones */
  for (int r = 1; r < g.size; ++r)
    local -= g.measured[r];
  for (int r = 0; r < g.size && n < sizeof g.summary; ++r)
    n += (size_t)snprintf(g.summary + n, sizeof g.summary - n, "%srank %d: %d%s", r ? ", " : "",
                          r, r ? g.measured[r] : local, g.usable[r] ? "" : " (lost or refused)");
  if (g.lost_candidates && n < sizeof g.summary)
    snprintf(g.summary + n, sizeof g.summary - n, "; %d lost with their rank", g.lost_candidates);
  return g.summary;
}

#else /* no MPI in this build */

bool strata_tune_mpi_available(void) { return false; }

bool strata_tune_mpi_start(int *argc, char ***argv, const char *target_option,
                           bool target_given, int *rank, int *size, bool *accepted,
                           char **error) {
  (void)argc, (void)argv, (void)target_option, (void)target_given, (void)accepted;
  *rank = 0;
  *size = 1;
  return strata_fail(error, "--mpi: this strata-tune was built without MPI (CMake did not find "
                            "it; Debian: openmpi-bin libopenmpi-dev, then reconfigure)");
}

void strata_tune_mpi_measure_batch(void *user, strata_tune_kernel_t *k,
                                   const strata_choice_t *candidates, int n, bool *oks,
                                   double *latencies, char **errors) {
  (void)user;
  for (int i = 0; i < n; ++i)
    oks[i] = strata_te_task_measure(&k->task, candidates + (size_t)i * k->task.space.num_knobs,
                                    &latencies[i], &errors[i]);
}

void strata_tune_mpi_serve(strata_tune_model_t *m) { (void)m; }
void strata_tune_mpi_finish(int status) { (void)status; }
const char *strata_tune_mpi_summary(int trials) {
  (void)trials;
  return "";
}

#endif
