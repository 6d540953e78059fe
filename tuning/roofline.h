/* The host's roofline, as a sanity bound on measured latencies: a kernel
 * cannot do its arithmetic faster than the host's peak vector rate, nor
 * write its result faster than the host writes a buffer of that size. Both
 * rates are measured on this host, once per process (the widest FMA the
 * CPU supports, 12 independent chains; memset over a buffer of the
 * result's size, by power-of-two size class), the best of several short
 * runs so that a busy machine lowers them little. A latency below the
 * bound (with a slack of STRATA_ROOFLINE_SLACK) is a measurement error:
 * the tuner measures again, then rejects it. */
#ifndef STRATA_TUNING_ROOFLINE_H
#define STRATA_TUNING_ROOFLINE_H

#include <stddef.h>

/* A measured latency counts as impossible only below bound / slack. */
#define STRATA_ROOFLINE_SLACK 2.0

/* Peak lane operations per second of one core (one FMA on one lane = one
 * operation; flop/s = 2x this for FMAs), measured. */
double strata_roofline_peak_ops(void);
/* Bytes per second one core writes into a buffer of `bytes` (memset, the
 * best of several repetitions), measured per power-of-two size class. */
double strata_roofline_write_bandwidth(size_t bytes);
/* The least time, in seconds, in which `threads` cores can do `ops` lane
 * operations (0: no arithmetic bound) and write `bytes` of results, divided
 * by STRATA_ROOFLINE_SLACK: a measured latency below it is impossible. */
double strata_roofline_min_seconds(double ops, double bytes, int threads);

#endif
