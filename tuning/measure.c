/* Measurement in a forked child with a time limit; see measure.h.
 *
 * Protocol: the child writes one message to the pipe and exits:
 *   int32 ok, double latency, uint32 error length, error bytes.
 * The message fits in PIPE_BUF, so it is written atomically. No message
 * means the child died: a signal, an exit without a result, or the time
 * limit (then the parent killed the child's whole process group).
 *
 * The child also dies with the tuner: PR_SET_PDEATHSIG sends it SIGKILL
 * when the process that forked it ends (kill -9 of the tuner included),
 * instead of it being reparented to init and running on. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "tuning/measure.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "runtime/status.h"

enum { MAX_ERROR_BYTES = 3000 };

typedef struct {
  int32_t ok;
  int32_t noisy;
  double latency;
  uint32_t error_length;
} message_header_t;

/* A sample is noisy when its max/min exceeds 1.5 or its coefficient of
 * variation exceeds 10%. */
static bool noisy_sample(const double *t, int n) {
  if (n < 2)
    return false;
  double lo = t[0], hi = t[0], sum = 0, sq = 0;
  for (int i = 0; i < n; ++i) {
    lo = t[i] < lo ? t[i] : lo;
    hi = t[i] > hi ? t[i] : hi;
    sum += t[i];
  }
  double mean = sum / n;
  for (int i = 0; i < n; ++i)
    sq += (t[i] - mean) * (t[i] - mean);
  double cv = mean > 0 ? sqrt(sq / (n - 1)) / mean : 0;
  return (lo > 0 && hi / lo > 1.5) || cv > 0.10;
}

/* Adaptive repeats: at least min_repeats runs, all within tolerance of
 * the fastest (so within it of their median too; measure.h). */
static bool steady_enough(const double *t, int n, const strata_measure_options_t *opt) {
  if (opt->min_repeats <= 0 || n < opt->min_repeats)
    return false;
  double lo = t[0], hi = t[0];
  for (int i = 0; i < n; ++i) {
    lo = t[i] < lo ? t[i] : lo;
    hi = t[i] > hi ? t[i] : hi;
  }
  return hi - lo <= opt->tolerance * lo;
}

strata_measure_options_t strata_measure_default_options(void) {
  return (strata_measure_options_t){.warmup = 1, .repeats = 5, .timeout_seconds = 10.0};
}

void strata_measure_result_clear(strata_measure_result_t *result) {
  free(result->error);
  result->error = NULL;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

double strata_median(double *values, int n) {
  if (n <= 0)
    return NAN;
  qsort(values, (size_t)n, sizeof *values, compare_doubles);
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double strata_measure_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void strata_write_all(int fd, const void *data, size_t n) {
  const char *p = data;
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return;
    p += w;
    n -= (size_t)w;
  }
}

static void send_message(int fd, bool ok, bool noisy, double latency, const char *error) {
  char buf[sizeof(message_header_t) + MAX_ERROR_BYTES];
  size_t length = error ? strlen(error) : 0;
  if (length > MAX_ERROR_BYTES)
    length = MAX_ERROR_BYTES;
  message_header_t header = {ok, noisy, latency, (uint32_t)length};
  memcpy(buf, &header, sizeof header);
  if (length)
    memcpy(buf + sizeof header, error, length);
  strata_write_all(fd, buf, sizeof header + length);
}

/* Runs in the child; never returns. */
static void child_main(int fd, const strata_measure_callbacks_t *cb,
                       const strata_measure_options_t *opt) {
  char *error = NULL;
  double begin = strata_measure_now(); /* about when the parent's time limit started */
  if (cb->prepare && !cb->prepare(cb->user, &error)) {
    send_message(fd, false, false, 0, error ? error : "prepare failed without a message");
    _exit(0);
  }
  int repeats = opt->repeats > 0 ? opt->repeats : 1;
  double *times = malloc((size_t)repeats * sizeof *times);
  if (!times) {
    send_message(fd, false, false, 0, "out of memory in the measuring process");
    _exit(0);
  }
  /* A noisy sample (another process took the core for a while) is
   * measured again, twice at most and only while the time limit leaves
   * room for twice the last attempt; the last sample is reported, flagged
   * when it is still noisy. */
  bool noisy = true;
  double last = 0;
  int taken = 0;
  for (int attempt = 0; attempt < 3 && noisy; ++attempt) {
    double now = strata_measure_now();
    if (attempt && (now - begin) + 2 * last > 0.8 * opt->timeout_seconds)
      break;
    last = -now;
    int warmup = attempt ? 0 : opt->warmup;
    taken = 0;
    for (int i = 0; i < warmup + repeats; ++i) {
      double seconds = -1;
      double start = strata_measure_now();
      if (!cb->run(cb->user, &seconds, &error)) {
        send_message(fd, false, false, 0, error ? error : "run failed without a message");
        _exit(0);
      }
      double wall = strata_measure_now() - start;
      if (i < warmup)
        continue;
      times[taken++] = seconds >= 0 ? seconds : wall;
      if (steady_enough(times, taken, opt))
        break;
    }
    noisy = noisy_sample(times, taken);
    last += strata_measure_now();
  }
  send_message(fd, true, noisy, strata_median(times, taken), NULL);
  _exit(0);
}

static strata_measure_result_t failure(const char *fmt, const char *detail) {
  strata_measure_result_t r = {.ok = false};
  strata_fail(&r.error, fmt, detail);
  return r;
}

/* Reads from fd until EOF or the deadline; returns false on timeout. */
static bool read_until_eof(int fd, double deadline, char *buf, size_t cap, size_t *len) {
  *len = 0;
  for (;;) {
    double left = deadline - strata_measure_now();
    if (left <= 0)
      return false;
    struct pollfd p = {.fd = fd, .events = POLLIN};
    int timeout_ms = (int)(left * 1000) + 1;
    int n = poll(&p, 1, timeout_ms);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      continue; /* the deadline check above ends the loop */
    char scratch[512];
    char *dst = *len < cap ? buf + *len : scratch;
    size_t room = *len < cap ? cap - *len : sizeof scratch;
    ssize_t r = read(fd, dst, room);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return true; /* EOF (or a broken pipe): the child is done */
    if (dst != scratch)
      *len += (size_t)r;
  }
}

static int wait_child(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  return status;
}

strata_measure_result_t strata_measure(const strata_measure_callbacks_t *callbacks,
                                       const strata_measure_options_t *options) {
  strata_measure_options_t opt = options ? *options : strata_measure_default_options();
  if (opt.timeout_seconds <= 0)
    opt.timeout_seconds = strata_measure_default_options().timeout_seconds;
  if (!callbacks || !callbacks->run)
    return failure("measure: %s", "no run callback");
  int fds[2];
  if (pipe(fds) != 0)
    return failure("measure: cannot create a pipe: %s", strerror(errno));
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  fflush(NULL); /* or buffered output would be written twice */
  double deadline = strata_measure_now() + opt.timeout_seconds;
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    int saved = errno;
    close(fds[0]);
    close(fds[1]);
    return failure("measure: cannot fork: %s", strerror(saved));
  }
  if (pid == 0) {
    /* Die with the tuner; if it already died between fork and prctl, the
     * signal will never come (we were reparented): leave at once. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
      _exit(1);
    close(fds[0]);
    setpgid(0, 0);
    child_main(fds[1], callbacks, &opt);
  }
  setpgid(pid, pid); /* also here: whichever runs first wins the race */
  close(fds[1]);
  char buf[sizeof(message_header_t) + MAX_ERROR_BYTES];
  size_t len;
  bool finished = read_until_eof(fds[0], deadline, buf, sizeof buf, &len);
  close(fds[0]);
  if (!finished) {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
  }
  int status = wait_child(pid);

  strata_measure_result_t result = {.ok = false};
  message_header_t header;
  if (len >= sizeof header) {
    memcpy(&header, buf, sizeof header);
    if (len == sizeof header + header.error_length) {
      result.ok = header.ok != 0;
      if (result.ok) {
        result.latency = header.latency;
        result.noisy = header.noisy != 0;
      } else if (!(result.error = malloc(header.error_length + 1))) {
        abort();
      } else {
        memcpy(result.error, buf + sizeof header, header.error_length);
        result.error[header.error_length] = '\0';
      }
      return result;
    }
  }
  if (!finished)
    strata_fail(&result.error, "timed out after %g s", opt.timeout_seconds);
  else if (WIFSIGNALED(status))
    strata_fail(&result.error, "crashed with signal %d (%s)", WTERMSIG(status),
                strsignal(WTERMSIG(status)));
  else if (WIFEXITED(status))
    strata_fail(&result.error, "exited with status %d without a result", WEXITSTATUS(status));
  else
    strata_fail(&result.error, "the measuring process ended without a result");
  return result;
}

/* --- helpers for what runs in the child --------------------------------- */

void strata_measure_flush_cache(const void *p, size_t n) {
#if defined(__x86_64__) || defined(__i386__)
  for (size_t o = 0; o < n; o += 64)
    _mm_clflush((const char *)p + o);
  _mm_mfence();
#else
  (void)p, (void)n;
#endif
}

strata_measure_shared_t *strata_measure_shared_create(size_t bytes) {
  size_t size = sizeof(strata_measure_shared_t) + bytes;
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  strata_measure_shared_t *s = p;
  s->valid = 0;
  s->bytes = bytes;
  return s;
}

void strata_measure_shared_free(strata_measure_shared_t *s) {
  if (s)
    munmap(s, sizeof *s + s->bytes);
}

strata_measure_fault_t strata_measure_injected_fault(int measurement) {
  const char *spec = getenv("STRATA_TUNE_INJECT");
  if (!spec)
    return STRATA_MEASURE_FAULT_NONE;
  strata_measure_fault_t fault = STRATA_MEASURE_FAULT_NONE;
  for (const char *p = spec; *p;) {
    strata_measure_fault_t kind = strncmp(p, "crash=", 6) == 0   ? STRATA_MEASURE_FAULT_CRASH
                                  : strncmp(p, "hang=", 5) == 0  ? STRATA_MEASURE_FAULT_HANG
                                  : strncmp(p, "wrong=", 6) == 0 ? STRATA_MEASURE_FAULT_WRONG
                                  : strncmp(p, "fast=", 5) == 0  ? STRATA_MEASURE_FAULT_FAST
                                  : strncmp(p, "lucky=", 6) == 0 ? STRATA_MEASURE_FAULT_LUCKY
                                                                 : STRATA_MEASURE_FAULT_NONE;
    const char *num = kind ? strchr(p, '=') + 1 : p;
    char *end;
    long n = strtol(num, &end, 10);
    if (kind && end != num && n == measurement)
      fault = kind;
    p = strchr(p, ',');
    if (!p)
      break;
    ++p;
  }
  return fault;
}

void strata_measure_act_fault(strata_measure_fault_t fault) {
  if (fault == STRATA_MEASURE_FAULT_CRASH)
    raise(SIGSEGV);
  if (fault == STRATA_MEASURE_FAULT_HANG)
    for (;;)
      pause();
}
