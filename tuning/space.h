/* Search spaces for auto-tuning: a list of knobs, each a name and a finite
 * list of choices (int64 arrays or strings), and candidates (one choice index
 * per knob) with the operations search strategies need: size, grid
 * enumeration, seeded random sampling, mutation, crossover, hashing, and the
 * JSON form of a candidate's decisions stored in the tuning database. Also
 * derives the domain of a `parts = P` factors knob from an axis extent. */
#ifndef STRATA_TUNING_SPACE_H
#define STRATA_TUNING_SPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tuning/rng.h"

typedef enum {
  STRATA_KNOB_INTS,    /* each choice is an array<i64> (lengths may differ) */
  STRATA_KNOB_STRINGS, /* each choice is a string */
} strata_knob_kind_t;

typedef struct {
  char *name;
  strata_knob_kind_t kind;
  size_t num_choices;
  /* STRATA_KNOB_INTS: choice c is ints[offsets[c] .. offsets[c + 1]). */
  size_t *offsets; /* num_choices + 1 entries */
  int64_t *ints;
  /* STRATA_KNOB_STRINGS: choice c is strings[c]. */
  char **strings;
} strata_knob_t;

typedef struct {
  size_t num_knobs;
  strata_knob_t *knobs;
  /* The version of what the knobs mean (0: unversioned). Records carry it
   * as "@version" (strata_space_record_json); a record of another version
   * is stale (strata_space_record_is_stale): its knob names may be the
   * same, but not what they do. */
  int version;
} strata_space_t;

/* A candidate is an array of space->num_knobs choice indices. */
typedef uint32_t strata_choice_t;

void strata_space_init(strata_space_t *space);
void strata_space_free(strata_space_t *space);

/* Adds a knob whose choice c is the int64 array
 * values[offsets[c] .. offsets[c + 1]); offsets has num_choices + 1 entries
 * starting at 0. Returns false (with *error) for an empty or duplicate name,
 * no choices, or two equal choices. */
bool strata_space_add_int_knob(strata_space_t *space, const char *name, size_t num_choices,
                               const size_t *offsets, const int64_t *values, char **error);
/* Same, every choice `width` values long: choice c is values[c*width ..]. */
bool strata_space_add_int_knob_fixed(strata_space_t *space, const char *name,
                                     size_t num_choices, size_t width, const int64_t *values,
                                     char **error);
bool strata_space_add_string_knob(strata_space_t *space, const char *name, size_t num_choices,
                                  const char *const *choices, char **error);
/* Index of the knob named `name`, or -1. */
long strata_space_find_knob(const strata_space_t *space, const char *name);

/* Choice c of an int knob: its values and length. */
const int64_t *strata_knob_ints(const strata_knob_t *knob, size_t c, size_t *length);

/* Number of candidates (product of the choice counts), saturating at
 * UINT64_MAX. An empty space has one candidate (no decisions). */
uint64_t strata_space_size(const strata_space_t *space);

/* Grid enumeration in mixed radix, the last knob varying fastest:
 * candidate_at(i) for i in [0, size) visits every candidate once. */
void strata_space_candidate_at(const strata_space_t *space, uint64_t index,
                               strata_choice_t *candidate);
/* The grid index of a candidate (inverse of candidate_at; valid when the
 * size does not saturate). */
uint64_t strata_space_index_of(const strata_space_t *space, const strata_choice_t *candidate);

/* Uniform random candidate. */
void strata_space_sample(const strata_space_t *space, strata_rng_t *rng,
                         strata_choice_t *candidate);
/* Changes one knob (among those with more than one choice) to a different
 * choice, chosen uniformly. Does nothing when no knob has a second choice. */
void strata_space_mutate(const strata_space_t *space, strata_rng_t *rng,
                         strata_choice_t *candidate);
/* Uniform crossover: each knob's choice comes from a or b with equal odds. */
void strata_space_crossover(const strata_space_t *space, strata_rng_t *rng,
                            const strata_choice_t *a, const strata_choice_t *b,
                            strata_choice_t *child);
/* 64-bit hash of a candidate (xxHash64 of its indices), for deduplication. */
uint64_t strata_space_candidate_hash(const strata_space_t *space,
                                     const strata_choice_t *candidate);

/* The decisions of a candidate as a JSON object, knobs in space order:
 * {"tile_i":[4,8],"order":"i,k,j"}. Caller frees. */
char *strata_space_decisions_json(const strata_space_t *space, const strata_choice_t *candidate);
/* The decisions as a database record: strata_space_decisions_json with
 * "@version":N first when the space has a version. Caller frees. */
char *strata_space_record_json(const strata_space_t *space, const strata_choice_t *candidate);
/* The "@version" of a record's decisions (0 when absent, -1 when not an
 * integer). */
int strata_space_record_version(const char *json);
/* True when the space has a version and the record is of another one. */
bool strata_space_record_is_stale(const strata_space_t *space, const char *json);
/* Parses decisions written by strata_space_decisions_json (any key order,
 * any JSON whitespace) back into a candidate. Fails (with *error) on a
 * syntax error, a knob missing or unknown to the space, a value that is
 * none of the knob's choices, or a stale record (another "@version"). */
bool strata_space_candidate_from_json(const strata_space_t *space, const char *json,
                                      strata_choice_t *candidate, char **error);

/* The domain of a `{knob, parts = P}` factors knob for an axis of extent E:
 * every tuple of the P - 1 inner factors (f1, ..., f_{P-1}) whose product
 * divides E (the outer factor is E / product), and, when E is not a power of
 * two, also every tuple of powers of two whose product is at most E (splits
 * with a partial last tile, which tir-split supports with min bounds).
 * Tuples are sorted lexicographically, without duplicates. On success
 * *values holds *num_choices * (parts - 1) factors (caller frees). Fails for
 * E < 1 or parts < 2. */
bool strata_factor_domain(int64_t extent, int parts, size_t *num_choices, int64_t **values,
                          char **error);
/* Adds a knob `name` with the factor domain of (extent, parts). */
bool strata_space_add_factors_knob(strata_space_t *space, const char *name, int64_t extent,
                                   int parts, char **error);

#endif
