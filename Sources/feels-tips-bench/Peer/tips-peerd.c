/* tips-peerd: the benchmark's floor. A small C service over sd-bus that does, for the calls the bench measures, the
 * work feels-tipsd does, the way a careful C programmer would write it: one thread, answering from the thread the
 * message woke, the reply built afresh for every call, every change made durable before its reply.
 *
 * The same bus shapes as org.feels.Tips1 (dbus/org.feels.Tips1.xml, interface revision 1) for what the bench calls,
 * at object /org/feels/Tips: GetTips(as ids, a{sv} options) → aa{sv}, PresentTip(s id, a{sv} options) → (b, a{sv}),
 * PresentNextTip(s location, a{sv} options) → (b, a{sv}), LogMood(s mood, a{sv} options) → u, InvalidateTip(ss); the
 * tip dictionary with the contract's 23 keys in the order feels-tipsd sends them, the same value types and the same
 * words (title, message, the notification's, icon names, explanation sentence, rules as aa{sv}); the options
 * languages (as), record (b) and location (s), an option of the wrong type refused with InvalidArgs as feels-tipsd
 * does; the properties MoodLogCount, HasLoggedMoods, DaysUsingApp and CurrentStreak; the signals feels-tipsd emits
 * for the same changes (PropertiesChanged with the properties that changed, in the contract's order, then TipChanged
 * for each tip whose status or should_display changed, with the keys that did); and Peer.Ping, which sd-bus answers
 * itself. The same durability: SQLite in WAL mode with synchronous=FULL and an exclusive lock, the tables of
 * feels-tipsd's schema version 3, one transaction per change (a mood: the journal row and the parameters row; a
 * display: the tip's row, and the parameters row when it opens the display window), synced before the reply. What
 * it leaves out is what the bench does not measure: translations (every word is the seed's English, language ''),
 * the display window's other frequencies (it runs as feels-tipsd --display-frequency immediate), days and streaks
 * across midnight, the notifier's claims and the testing switches.
 *
 * It ships nothing: scripts/bench builds it with cc (Debian's libsystemd-dev and libsqlite3-dev). Since the contract
 * is not generated into C, the bench checks every reply of both services against the generated Swift decoders
 * (Tips1.Tip(decoding:) and the rest), so a key or type that drifted from the XML fails the bench.
 *
 * Usage: tips-peerd --address ADDRESS --datastore PATH [--name NAME]   (default name org.feels.TipsPeer)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sqlite3.h>
#include <systemd/sd-bus.h>

#define OBJECT_PATH "/org/feels/Tips"
#define INTERFACE "org.feels.Tips1"
#define ERROR_PREFIX INTERFACE ".Error."

enum parameter { MOOD_LOG_COUNT, HAS_LOGGED_MOODS, HAS_SEEN_SETTINGS, DAYS_USING_APP, CURRENT_STREAK };
/* As the wire spells parameters (kebab-case). */
static const char *const parameter_names[] = {"mood-log-count", "has-logged-moods", "has-seen-settings",
                                              "days-using-app", "current-streak"};

struct rule {
    enum parameter parameter;
    unsigned threshold; /* for has-seen-settings, a flag compared with == */
};

struct tip {
    const char *id, *location, *title, *message, *notification_title, *notification_body, *symbol;
    const char *icon_names[4]; /* NULL-terminated */
    int rule_count;
    struct rule rules[1];
};

/* The Feels tips, in catalog order, with the words and icons feels-tipsd gives in the seed's English. */
static const struct tip tips[] = {
    {"CustomizeLayoutTip", "CustomizeContentView", "Personalize Your Experience",
     "Tap here to customize mood icons, colors, and layouts.", "Personalize Your Experience",
     "Customize mood icons, colors, and layouts in Feels.", "paintbrush",
     {"applications-graphics-symbolic", "preferences-desktop-appearance-symbolic", "preferences-desktop-theme", NULL},
     0, {{0, 0}}},
    {"AIInsightsTip", "InsightsView", "Discover AI Insights",
     "Get personalized insights about your mood patterns powered by Apple Intelligence.",
     "Discover Your Mood Insights", "See what Feels has found in your mood patterns.", "brain",
     {"applications-science-symbolic", "applications-science", NULL}, 1, {{HAS_LOGGED_MOODS, 7}}},
    {"SiriShortcutTip", "SettingsContentView", "Use Siri to Log Moods",
     "Say 'Hey Siri, log my mood as great in Feels' for hands-free logging.", "Log Moods from Anywhere",
     "Log your mood without opening Feels: give 'feels-tips log great' a keyboard shortcut.", "mic.fill",
     {"audio-input-microphone-symbolic", "audio-input-microphone", "audio-microphone", NULL}, 1,
     {{MOOD_LOG_COUNT, 3}}},
    {"HealthKitSyncTip", "SettingsContentView", "Sync with Apple Health",
     "Connect to Apple Health to see your mood data alongside sleep, exercise, and more.",
     "Your Moods Beside Your Health", "Export your moods from Feels to see them alongside sleep, exercise, and more.",
     "heart.fill", {"emblem-favorite-symbolic", "emblem-favorite", NULL}, 1, {{HAS_SEEN_SETTINGS, 1}}},
    {"WidgetVotingTip", "DayView", "Vote from Your Home Screen",
     "Add the Mood Vote widget to quickly log your mood without opening the app.", "Keep Feels One Click Away",
     "Pin Feels to your dock or panel to log your mood in a moment.", "square.grid.2x2",
     {"view-grid-symbolic", "user-desktop", NULL}, 1, {{DAYS_USING_APP, 2}}},
    {"TimeViewTip", "DayView", "View Your History",
     "Switch between Day, Month, and Year views to see your mood patterns over time.", "View Your History",
     "Switch between day, month, and year views in Feels to see your mood patterns over time.", "calendar",
     {"x-office-calendar-symbolic", "x-office-calendar", NULL}, 0, {{0, 0}}},
    {"MoodStreakTip", "DayView", "Build Your Streak!",
     "Log your mood daily to build a streak. Consistency helps you understand your patterns.", "Build Your Streak!",
     "Log your mood daily to build a streak. Consistency helps you understand your patterns.", "flame.fill",
     {"face-smile-big-symbolic", "face-smile-big", NULL}, 1, {{CURRENT_STREAK, 3}}},
};
#define TIP_COUNT (sizeof tips / sizeof tips[0])

static const char *const moods[] = {"horrible", "bad", "average", "good", "great"};
static const char *const locations[] = {"CustomizeContentView", "InsightsView", "SettingsContentView", "DayView"};

/* An invalidation reason as the datastore keeps it, as the wire spells it, and as TipKit does (both accepted). */
struct reason {
    const char *stored, *wire;
};
static const struct reason reasons[] = {{"actionPerformed", "action-performed"}, {"tipClosed", "tip-closed"}};

/* A tip's record, as the tips table keeps it. */
struct record {
    unsigned display_count;
    int64_t first_displayed, last_displayed, notified_at;
    const struct reason *invalidation; /* NULL while not invalidated */
};

/* What is durable: every read is answered from it. */
static struct {
    unsigned mood_log_count, has_logged_moods;
    bool has_seen_settings;
    int64_t first_use_day, streak_first_day, streak_last_day; /* local days since the epoch; -1 for none */
    int64_t display_window_opened;                            /* 0 for none */
    struct record records[TIP_COUNT];
} state;

static sqlite3 *database;
static const char *datastore_path;
static volatile sig_atomic_t stop_requested;

/* ---- the model ---- */

static int64_t now_microseconds(long *utc_offset) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (utc_offset) {
        struct tm local;
        localtime_r(&now.tv_sec, &local);
        *utc_offset = local.tm_gmtoff;
    }
    return (int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static int64_t local_day(int64_t microseconds, long utc_offset) {
    int64_t seconds = microseconds / 1000000 + utc_offset;
    return seconds >= 0 ? seconds / 86400 : -((-seconds + 86399) / 86400);
}

static int64_t today(void) {
    long offset;
    int64_t now = now_microseconds(&offset);
    return local_day(now, offset);
}

static unsigned parameter_value(enum parameter parameter) {
    switch (parameter) {
    case MOOD_LOG_COUNT: return state.mood_log_count;
    case HAS_LOGGED_MOODS: return state.has_logged_moods;
    case HAS_SEEN_SETTINGS: return state.has_seen_settings;
    case DAYS_USING_APP: return state.first_use_day < 0 ? 0 : (unsigned)(today() - state.first_use_day + 1);
    case CURRENT_STREAK:
        return state.streak_last_day >= today() - 1 ? (unsigned)(state.streak_last_day - state.streak_first_day + 1)
                                                    : 0;
    }
    return 0;
}

static bool rule_holds(const struct rule *rule) {
    unsigned value = parameter_value(rule->parameter);
    return rule->parameter == HAS_SEEN_SETTINGS ? value == rule->threshold : value >= rule->threshold;
}

static bool rules_hold(const struct tip *tip) {
    for (int index = 0; index < tip->rule_count; index++)
        if (!rule_holds(&tip->rules[index])) return false;
    return true;
}

/* Available, with display frequency immediate: nothing else holds a tip back. */
static bool is_available(size_t index) {
    return state.records[index].invalidation == NULL && rules_hold(&tips[index]);
}

static const char *status_of(size_t index) {
    return state.records[index].invalidation ? "invalidated" : is_available(index) ? "available" : "pending";
}

static int find_tip(const char *id) {
    for (size_t index = 0; index < TIP_COUNT; index++)
        if (strcasecmp(tips[index].id, id) == 0) return (int)index;
    return -1;
}

/* 0 for every location, 1 + the location's index, or -1 for a name that is not a location. */
static int parse_location(const char *text) {
    if (*text == '\0') return 0;
    for (size_t index = 0; index < sizeof locations / sizeof locations[0]; index++)
        if (strcasecmp(locations[index], text) == 0) return (int)index + 1;
    return -1;
}

static bool at_location(size_t tip, int location) {
    return location == 0 || strcmp(tips[tip].location, locations[location - 1]) == 0;
}

static void explain(size_t index, char *text, size_t size) {
    const struct tip *tip = &tips[index];
    const struct record *record = &state.records[index];
    if (record->invalidation) {
        snprintf(text, size, "Invalidated (%s); it returns only after ResetAllTips.", record->invalidation->wire);
        return;
    }
    size_t used = 0;
    for (int rule = 0; rule < tip->rule_count; rule++) {
        const struct rule *r = &tip->rules[rule];
        if (rule_holds(r)) continue;
        unsigned value = parameter_value(r->parameter);
        char threshold[16], now[16];
        if (r->parameter == HAS_SEEN_SETTINGS) {
            snprintf(threshold, sizeof threshold, "%s", r->threshold ? "true" : "false");
            snprintf(now, sizeof now, "%s", value ? "true" : "false");
        } else {
            snprintf(threshold, sizeof threshold, "%u", r->threshold);
            snprintf(now, sizeof now, "%u", value);
        }
        used += (size_t)snprintf(text + used, size - used, "%s%s %s %s (now %s)", used ? " and " : "Waiting for ",
                                 parameter_names[r->parameter], r->parameter == HAS_SEEN_SETTINGS ? "==" : ">=",
                                 threshold, now);
    }
    if (used) {
        snprintf(text + used, size - used, ".");
    } else if (record->display_count > 0) {
        snprintf(text, size, "Shown %u time%s; still available.", record->display_count,
                 record->display_count == 1 ? "" : "s");
    } else {
        snprintf(text, size, "%s", tip->rule_count ? "Every rule holds; ready to show." : "Always eligible; ready to show.");
    }
}

/* ---- replies ---- */

static int append_value(sd_bus_message *reply, enum parameter parameter, unsigned value) {
    return parameter == HAS_SEEN_SETTINGS ? sd_bus_message_append(reply, "v", "b", (int)value)
                                          : sd_bus_message_append(reply, "v", "u", value);
}

static int append_rule(sd_bus_message *reply, const struct rule *rule) {
    int r = sd_bus_message_open_container(reply, 'a', "{sv}");
    if (r < 0) return r;
    r = sd_bus_message_append(reply, "{sv}{sv}", "parameter", "s", parameter_names[rule->parameter], "operator", "s",
                              rule->parameter == HAS_SEEN_SETTINGS ? "==" : ">=");
    if (r < 0) return r;
    if ((r = sd_bus_message_open_container(reply, 'e', "sv")) < 0) return r;
    if ((r = sd_bus_message_append(reply, "s", "threshold")) < 0) return r;
    if ((r = append_value(reply, rule->parameter, rule->threshold)) < 0) return r;
    if ((r = sd_bus_message_close_container(reply)) < 0) return r;
    if ((r = sd_bus_message_open_container(reply, 'e', "sv")) < 0) return r;
    if ((r = sd_bus_message_append(reply, "s", "value")) < 0) return r;
    if ((r = append_value(reply, rule->parameter, parameter_value(rule->parameter))) < 0) return r;
    if ((r = sd_bus_message_close_container(reply)) < 0) return r;
    if ((r = sd_bus_message_append(reply, "{sv}", "satisfied", "b", (int)rule_holds(rule))) < 0) return r;
    return sd_bus_message_close_container(reply);
}

/* A tip as feels-tipsd's a{sv} (the contract's Tip): the same keys in the same order, with the same types. */
static int append_tip(sd_bus_message *reply, size_t index) {
    const struct tip *tip = &tips[index];
    const struct record *record = &state.records[index];
    bool available = is_available(index);
    char explanation[256];
    explain(index, explanation, sizeof explanation);
    int r = sd_bus_message_open_container(reply, 'a', "{sv}");
    if (r < 0) return r;
    r = sd_bus_message_append(reply, "{sv}{sv}{sv}{sv}{sv}{sv}{sv}", "id", "s", tip->id, "location", "s",
                              tip->location, "title", "s", tip->title, "message", "s", tip->message,
                              "notification_title", "s", tip->notification_title, "notification_body", "s",
                              tip->notification_body, "language", "s", "");
    if (r < 0) return r;
    if ((r = sd_bus_message_open_container(reply, 'e', "sv")) < 0) return r;
    if ((r = sd_bus_message_append(reply, "s", "icon_names")) < 0) return r;
    if ((r = sd_bus_message_open_container(reply, 'v', "as")) < 0) return r;
    if ((r = sd_bus_message_append_strv(reply, (char **)tip->icon_names)) < 0) return r;
    if ((r = sd_bus_message_close_container(reply)) < 0) return r;
    if ((r = sd_bus_message_close_container(reply)) < 0) return r;
    r = sd_bus_message_append(
        reply, "{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}", "symbol", "s", tip->symbol, "status", "s",
        status_of(index), "invalidation_reason", "s", record->invalidation ? record->invalidation->wire : "",
        "should_display", "b", (int)available, "override", "s", "", "display_count", "u", record->display_count,
        "first_displayed", "x", record->first_displayed, "last_displayed", "x", record->last_displayed, "notified_at",
        "x", record->notified_at, "max_display_count", "u", 0u, "ignores_display_frequency", "b", 0);
    if (r < 0) return r;
    if ((r = sd_bus_message_open_container(reply, 'e', "sv")) < 0) return r;
    if ((r = sd_bus_message_append(reply, "s", "rules")) < 0) return r;
    if ((r = sd_bus_message_open_container(reply, 'v', "aa{sv}")) < 0) return r;
    if ((r = sd_bus_message_open_container(reply, 'a', "a{sv}")) < 0) return r;
    for (int rule = 0; rule < tip->rule_count; rule++)
        if ((r = append_rule(reply, &tip->rules[rule])) < 0) return r;
    if ((r = sd_bus_message_close_container(reply)) < 0) return r;
    if ((r = sd_bus_message_close_container(reply)) < 0) return r;
    if ((r = sd_bus_message_close_container(reply)) < 0) return r;
    r = sd_bus_message_append(reply, "{sv}{sv}{sv}", "held_back_by", "s", "", "held_until", "x", (int64_t)0,
                              "explanation", "s", explanation);
    if (r < 0) return r;
    return sd_bus_message_close_container(reply);
}

/* The tips GetTips answers: `count` indexes into the catalog. */
struct tip_list {
    size_t count;
    size_t *chosen;
};

/* PresentTip's and PresentNextTip's answer: whether the tip is shown, and the tip (none: -1, an empty a{sv}). */
struct presented {
    bool shown;
    int tip;
};

static int reply_with(sd_bus_message *call, int (*build)(sd_bus_message *, const void *), const void *context) {
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(call, &reply);
    if (r >= 0) r = build(reply, context);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int build_tips(sd_bus_message *reply, const void *context) {
    const struct tip_list *list = context;
    int r = sd_bus_message_open_container(reply, 'a', "a{sv}");
    for (size_t index = 0; r >= 0 && index < list->count; index++) r = append_tip(reply, list->chosen[index]);
    return r < 0 ? r : sd_bus_message_close_container(reply);
}

static int build_presented(sd_bus_message *reply, const void *context) {
    const struct presented *presented = context;
    int r = sd_bus_message_append(reply, "b", (int)presented->shown);
    if (r < 0) return r;
    if (presented->tip >= 0) return append_tip(reply, (size_t)presented->tip);
    if ((r = sd_bus_message_open_container(reply, 'a', "{sv}")) < 0) return r;
    return sd_bus_message_close_container(reply);
}

/* ---- the options ---- */

struct options {
    bool record;
    const char *location; /* NULL when not given */
};

/* Reads an a{sv} of options: record (b), location (s), languages (as, read and, as the peer has only English,
 * otherwise ignored); any other key is skipped, a known key of another type refused as feels-tipsd refuses it. */
static int read_options(sd_bus_message *call, sd_bus_error *error, struct options *options) {
    options->record = true;
    options->location = NULL;
    int r = sd_bus_message_enter_container(call, 'a', "{sv}");
    if (r < 0) return r;
    while ((r = sd_bus_message_enter_container(call, 'e', "sv")) > 0) {
        const char *key, *contents;
        if ((r = sd_bus_message_read(call, "s", &key)) < 0) return r;
        if ((r = sd_bus_message_peek_type(call, NULL, &contents)) < 0) return r;
        const char *wanted = strcmp(key, "record") == 0     ? "b"
                             : strcmp(key, "location") == 0 ? "s"
                             : strcmp(key, "languages") == 0 ? "as"
                                                             : NULL;
        if (wanted && strcmp(contents, wanted) != 0)
            return sd_bus_error_setf(error, SD_BUS_ERROR_INVALID_ARGS, "Option %s is '%s', not '%s'", key, contents,
                                     wanted);
        if (wanted && strcmp(key, "record") == 0) {
            int record;
            if ((r = sd_bus_message_read(call, "v", "b", &record)) < 0) return r;
            options->record = record;
        } else if (wanted && strcmp(key, "location") == 0) {
            if ((r = sd_bus_message_read(call, "v", "s", &options->location)) < 0) return r;
        } else if (wanted) {
            char **languages = NULL;
            if ((r = sd_bus_message_enter_container(call, 'v', "as")) < 0) return r;
            if ((r = sd_bus_message_read_strv(call, &languages)) < 0) return r;
            for (char **language = languages; language && *language; language++) free(*language);
            free(languages);
            if ((r = sd_bus_message_exit_container(call)) < 0) return r;
        } else if ((r = sd_bus_message_skip(call, "v")) < 0) {
            return r;
        }
        if ((r = sd_bus_message_exit_container(call)) < 0) return r;
    }
    if (r < 0) return r;
    return sd_bus_message_exit_container(call);
}

/* Reads a location into `location` (see parse_location); refuses a name that is not one. */
static int check_location(const char *text, sd_bus_error *error, int *location) {
    *location = parse_location(text);
    if (*location < 0)
        return sd_bus_error_setf(error, ERROR_PREFIX "UnknownLocation", "'%s' is not a tip location", text);
    return 0;
}

/* ---- the signals ---- */

/* What a change may change that signals announce: each tip's status and should_display, and the properties. */
struct observation {
    const char *status[TIP_COUNT];
    bool should_display[TIP_COUNT];
    unsigned properties[4]; /* MoodLogCount, HasLoggedMoods, DaysUsingApp, CurrentStreak */
};
static const char *const property_names[] = {"MoodLogCount", "HasLoggedMoods", "DaysUsingApp", "CurrentStreak"};

static void observe(struct observation *observation) {
    for (size_t index = 0; index < TIP_COUNT; index++) {
        observation->status[index] = status_of(index);
        observation->should_display[index] = is_available(index);
    }
    observation->properties[0] = state.mood_log_count;
    observation->properties[1] = state.has_logged_moods;
    observation->properties[2] = parameter_value(DAYS_USING_APP);
    observation->properties[3] = parameter_value(CURRENT_STREAK);
}

/* Emits what changed since `before`, as feels-tipsd does: PropertiesChanged with the properties that changed (in
 * the contract's order), then TipChanged for each tip whose status or should_display changed, with those keys. */
static int announce(sd_bus *bus, const struct observation *before) {
    struct observation now;
    observe(&now);
    const char *changed[5] = {NULL};
    size_t count = 0;
    for (size_t index = 0; index < 4; index++)
        if (now.properties[index] != before->properties[index]) changed[count++] = property_names[index];
    int r = 0;
    if (count > 0 && (r = sd_bus_emit_properties_changed_strv(bus, OBJECT_PATH, INTERFACE, (char **)changed)) < 0)
        return r;
    for (size_t index = 0; index < TIP_COUNT; index++) {
        bool status = strcmp(now.status[index], before->status[index]) != 0;
        bool should_display = now.should_display[index] != before->should_display[index];
        if (!status && !should_display) continue;
        sd_bus_message *signal = NULL;
        if ((r = sd_bus_message_new_signal(bus, &signal, OBJECT_PATH, INTERFACE, "TipChanged")) < 0) return r;
        r = sd_bus_message_append(signal, "ss", tips[index].id, tips[index].location);
        if (r >= 0) r = sd_bus_message_open_container(signal, 'a', "{sv}");
        if (r >= 0 && status) {
            const struct reason *reason = state.records[index].invalidation;
            r = sd_bus_message_append(signal, "{sv}{sv}", "status", "s", now.status[index], "invalidation_reason",
                                      "s", reason ? reason->wire : "");
        }
        if (r >= 0 && should_display)
            r = sd_bus_message_append(signal, "{sv}", "should_display", "b", (int)now.should_display[index]);
        if (r >= 0) r = sd_bus_message_close_container(signal);
        if (r >= 0) r = sd_bus_send(bus, signal, NULL);
        sd_bus_message_unref(signal);
        if (r < 0) return r;
    }
    return 0;
}

/* ---- the datastore ---- */

static const char schema[] =
    "CREATE TABLE moods (id INTEGER PRIMARY KEY,"
    " mood TEXT NOT NULL CHECK (mood = 'horrible' OR mood = 'bad' OR mood = 'average' OR mood = 'good'"
    " OR mood = 'great'),"
    " logged_at INTEGER NOT NULL, utc_offset INTEGER NOT NULL) STRICT;"
    "CREATE TRIGGER moods_are_never_updated BEFORE UPDATE ON moods"
    " BEGIN SELECT RAISE(ABORT, 'the mood journal is append-only'); END;"
    "CREATE TRIGGER moods_are_never_deleted BEFORE DELETE ON moods"
    " BEGIN SELECT RAISE(ABORT, 'the mood journal is append-only'); END;"
    "CREATE TABLE parameters (id INTEGER PRIMARY KEY CHECK (id = 1),"
    " has_logged_moods INTEGER NOT NULL CHECK (has_logged_moods >= 0),"
    " mood_log_count INTEGER NOT NULL CHECK (mood_log_count >= 0),"
    " has_seen_settings INTEGER NOT NULL CHECK (has_seen_settings IN (0, 1)),"
    " first_use_day INTEGER, streak_first_day INTEGER,"
    " streak_last_day INTEGER CHECK (streak_last_day >= streak_first_day), display_window_opened INTEGER,"
    " CHECK ((streak_first_day IS NULL) = (streak_last_day IS NULL))) STRICT;"
    "INSERT INTO parameters (id, has_logged_moods, mood_log_count, has_seen_settings) VALUES (1, 0, 0, 0);"
    "CREATE TABLE tips (id TEXT NOT NULL PRIMARY KEY CHECK (id <> ''),"
    " invalidation TEXT CHECK (invalidation = 'actionPerformed' OR invalidation = 'tipClosed'"
    " OR invalidation = 'displayCountExceeded'),"
    " display_count INTEGER NOT NULL CHECK (display_count >= 0), first_displayed INTEGER, last_displayed INTEGER,"
    " notified_at INTEGER) STRICT, WITHOUT ROWID;"
    "PRAGMA user_version = 3;";

enum statement { BEGIN, COMMIT, ROLLBACK, INSERT_MOOD, REPLACE_PARAMETERS, REPLACE_TIP, STATEMENT_COUNT };
static const char *const statement_sql[] = {
    "BEGIN IMMEDIATE",
    "COMMIT",
    "ROLLBACK",
    "INSERT INTO moods (mood, logged_at, utc_offset) VALUES (?1, ?2, ?3)",
    "REPLACE INTO parameters (id, has_logged_moods, mood_log_count, has_seen_settings, first_use_day,"
    " streak_first_day, streak_last_day, display_window_opened) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    "REPLACE INTO tips (id, invalidation, display_count, first_displayed, last_displayed, notified_at)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
};
static sqlite3_stmt *statements[STATEMENT_COUNT];

static int run(enum statement which) {
    sqlite3_stmt *statement = statements[which];
    int status = sqlite3_step(statement);
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
    return status == SQLITE_DONE || status == SQLITE_ROW ? SQLITE_OK : status;
}

static int64_t column_or(sqlite3_stmt *select, int column, int64_t none) {
    return sqlite3_column_type(select, column) == SQLITE_NULL ? none : sqlite3_column_int64(select, column);
}

static void open_datastore(const char *path) {
    if (sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        fprintf(stderr, "tips-peerd: Failed to open '%s': %s\n", path, sqlite3_errmsg(database));
        exit(1);
    }
    const char *setup = "PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;"
                        " PRAGMA cache_size = -2048";
    char *message = NULL;
    if (sqlite3_exec(database, setup, NULL, NULL, &message) != SQLITE_OK) goto failed;
    sqlite3_stmt *version = NULL;
    int user_version = 0;
    if (sqlite3_prepare_v2(database, "PRAGMA user_version", -1, &version, NULL) == SQLITE_OK &&
        sqlite3_step(version) == SQLITE_ROW)
        user_version = sqlite3_column_int(version, 0);
    sqlite3_finalize(version);
    if (user_version == 0) {
        char *script = NULL;
        if (asprintf(&script, "BEGIN IMMEDIATE; %s COMMIT", schema) < 0) exit(1);
        int status = sqlite3_exec(database, script, NULL, NULL, &message);
        free(script);
        if (status != SQLITE_OK) goto failed;
    }
    for (int which = 0; which < STATEMENT_COUNT; which++)
        if (sqlite3_prepare_v3(database, statement_sql[which], -1, SQLITE_PREPARE_PERSISTENT, &statements[which],
                               NULL) != SQLITE_OK)
            goto failed;

    sqlite3_stmt *select = NULL;
    if (sqlite3_prepare_v2(database,
                           "SELECT has_logged_moods, mood_log_count, has_seen_settings, first_use_day,"
                           " streak_first_day, streak_last_day, display_window_opened FROM parameters",
                           -1, &select, NULL) == SQLITE_OK &&
        sqlite3_step(select) == SQLITE_ROW) {
        state.has_logged_moods = (unsigned)sqlite3_column_int64(select, 0);
        state.mood_log_count = (unsigned)sqlite3_column_int64(select, 1);
        state.has_seen_settings = sqlite3_column_int(select, 2) != 0;
        state.first_use_day = column_or(select, 3, -1);
        state.streak_first_day = column_or(select, 4, -1);
        state.streak_last_day = column_or(select, 5, -1);
        state.display_window_opened = column_or(select, 6, 0);
    }
    sqlite3_finalize(select);
    if (sqlite3_prepare_v2(database,
                           "SELECT id, invalidation, display_count, first_displayed, last_displayed, notified_at"
                           " FROM tips",
                           -1, &select, NULL) == SQLITE_OK) {
        while (sqlite3_step(select) == SQLITE_ROW) {
            int index = find_tip((const char *)sqlite3_column_text(select, 0));
            if (index < 0) continue;
            struct record *record = &state.records[index];
            const char *reason = (const char *)sqlite3_column_text(select, 1);
            record->invalidation = NULL;
            for (size_t known = 0; reason && known < sizeof reasons / sizeof reasons[0]; known++)
                if (strcmp(reason, reasons[known].stored) == 0) record->invalidation = &reasons[known];
            record->display_count = (unsigned)sqlite3_column_int64(select, 2);
            record->first_displayed = column_or(select, 3, 0);
            record->last_displayed = column_or(select, 4, 0);
            record->notified_at = column_or(select, 5, 0);
        }
    }
    sqlite3_finalize(select);
    return;
failed:
    fprintf(stderr, "tips-peerd: Failed to set up '%s': %s\n", path, message ? message : sqlite3_errmsg(database));
    exit(1);
}

/* Runs the statements `fill` binds and steps inside one transaction, synced at COMMIT; rolls back on failure. */
static int transaction(int (*fill)(const void *), const void *context, sd_bus_error *error) {
    int status = run(BEGIN);
    if (status == SQLITE_OK) status = fill(context);
    if (status == SQLITE_OK) status = run(COMMIT);
    if (status == SQLITE_OK) return 0;
    const char *reason = sqlite3_errmsg(database);
    if (!sqlite3_get_autocommit(database)) run(ROLLBACK);
    return sd_bus_error_setf(error, ERROR_PREFIX "Datastore", "Failed to write '%s': %s", datastore_path, reason);
}

static void bind_or_null(sqlite3_stmt *statement, int index, int64_t value, int64_t none) {
    if (value == none)
        sqlite3_bind_null(statement, index);
    else
        sqlite3_bind_int64(statement, index, value);
}

/* The parameters row as `parameters` holds it (a copy of `state`'s with a change made). */
static int save_parameters(const __typeof__(state) *parameters) {
    sqlite3_stmt *statement = statements[REPLACE_PARAMETERS];
    sqlite3_bind_int64(statement, 1, parameters->has_logged_moods);
    sqlite3_bind_int64(statement, 2, parameters->mood_log_count);
    sqlite3_bind_int(statement, 3, parameters->has_seen_settings);
    bind_or_null(statement, 4, parameters->first_use_day, -1);
    bind_or_null(statement, 5, parameters->streak_first_day, -1);
    bind_or_null(statement, 6, parameters->streak_last_day, -1);
    bind_or_null(statement, 7, parameters->display_window_opened, 0);
    return run(REPLACE_PARAMETERS);
}

struct mood_change {
    const char *mood;
    int64_t logged_at;
    long utc_offset;
    __typeof__(state) after;
};

static int write_mood(const void *context) {
    const struct mood_change *change = context;
    sqlite3_stmt *insert = statements[INSERT_MOOD];
    sqlite3_bind_text(insert, 1, change->mood, -1, SQLITE_STATIC);
    sqlite3_bind_int64(insert, 2, change->logged_at);
    sqlite3_bind_int64(insert, 3, change->utc_offset);
    int status = run(INSERT_MOOD);
    return status == SQLITE_OK ? save_parameters(&change->after) : status;
}

struct tip_change {
    size_t index;
    struct record record;
    bool opens_window; /* a first appearance: the parameters row gets the display window too */
    int64_t window_opened;
};

static int write_tip(const void *context) {
    const struct tip_change *change = context;
    sqlite3_stmt *statement = statements[REPLACE_TIP];
    sqlite3_bind_text(statement, 1, tips[change->index].id, -1, SQLITE_STATIC);
    if (change->record.invalidation)
        sqlite3_bind_text(statement, 2, change->record.invalidation->stored, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(statement, 2);
    sqlite3_bind_int64(statement, 3, change->record.display_count);
    bind_or_null(statement, 4, change->record.first_displayed, 0);
    bind_or_null(statement, 5, change->record.last_displayed, 0);
    bind_or_null(statement, 6, change->record.notified_at, 0);
    int status = run(REPLACE_TIP);
    if (status != SQLITE_OK || !change->opens_window) return status;
    __typeof__(state) parameters = state;
    parameters.display_window_opened = change->window_opened;
    return save_parameters(&parameters);
}

/* Records a display of tip `index`, durable before it returns; the state follows once it is. */
static int record_display(size_t index, sd_bus_error *error) {
    struct tip_change change = {index, state.records[index], false, 0};
    int64_t now = now_microseconds(NULL);
    if (change.record.display_count == 0 && change.record.notified_at == 0) {
        change.record.first_displayed = now;
        change.opens_window = true;
        change.window_opened = now;
    }
    change.record.last_displayed = now;
    change.record.display_count++;
    int r = transaction(write_tip, &change, error);
    if (r < 0) return r;
    state.records[index] = change.record;
    if (change.opens_window) state.display_window_opened = change.window_opened;
    return 0;
}

/* ---- the methods ---- */

/* What a handler that has replied returns: sd-bus takes 0 for "not handled" and answers the call a second time, with
 * UnknownMethod, and a negative value with an error reply; after the reply, an error emitting a signal is only
 * logged, as feels-tipsd logs it. */
static int answered(int r) {
    if (r < 0) fprintf(stderr, "tips-peerd: Failed to announce a change: %s\n", strerror(-r));
    return 1;
}

static int method_get_tips(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    char **ids = NULL;
    int r = sd_bus_message_read_strv(call, &ids);
    if (r < 0) return r;
    size_t named = 0;
    while (ids && ids[named]) named++;
    struct options options;
    struct tip_list list = {0, calloc(named > TIP_COUNT ? named : TIP_COUNT, sizeof(size_t))};
    int location = 0;
    if (!list.chosen) r = -ENOMEM;
    if (r >= 0 && (r = read_options(call, error, &options)) >= 0 && options.location)
        r = check_location(options.location, error, &location);
    for (size_t named_index = 0; r >= 0 && named_index < named; named_index++) {
        int index = find_tip(ids[named_index]);
        if (index < 0)
            r = sd_bus_error_setf(error, ERROR_PREFIX "UnknownTip", "'%s' is not a tip", ids[named_index]);
        else if (at_location((size_t)index, location))
            list.chosen[list.count++] = (size_t)index;
    }
    for (size_t index = 0; r >= 0 && named == 0 && index < TIP_COUNT; index++)
        if (at_location(index, location)) list.chosen[list.count++] = index;
    for (size_t index = 0; index < named; index++) free(ids[index]);
    free(ids);
    if (r >= 0) r = reply_with(call, build_tips, &list);
    free(list.chosen);
    return r;
}

/* TipKit's TipView: shown when the tip is available (display frequency immediate: the window always lets a tip
 * appear), the display recorded before the reply unless record is false; otherwise shown false, nothing recorded. */
static int method_present_tip(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    const char *id;
    struct options options;
    int r = sd_bus_message_read(call, "s", &id);
    if (r < 0) return r;
    if ((r = read_options(call, error, &options)) < 0) return r;
    int index = find_tip(id);
    if (index < 0) return sd_bus_error_setf(error, ERROR_PREFIX "UnknownTip", "'%s' is not a tip", id);
    struct presented presented = {is_available((size_t)index), index};
    if (presented.shown && options.record && (r = record_display((size_t)index, error)) < 0) return r;
    return reply_with(call, build_presented, &presented);
}

/* TipKit's TipGroup: the first available tip never shown (display frequency immediate), else the first available one
 * already shown, else none; the display is recorded before the reply unless record is false. */
static int method_present_next_tip(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    const char *text;
    struct options options;
    int location;
    int r = sd_bus_message_read(call, "s", &text);
    if (r < 0) return r;
    if ((r = read_options(call, error, &options)) < 0) return r;
    if ((r = check_location(text, error, &location)) < 0) return r;
    struct presented presented = {false, -1};
    for (size_t index = 0; presented.tip < 0 && index < TIP_COUNT; index++)
        if (at_location(index, location) && is_available(index) && state.records[index].display_count == 0 &&
            state.records[index].notified_at == 0)
            presented.tip = (int)index;
    for (size_t index = 0; presented.tip < 0 && index < TIP_COUNT; index++)
        if (at_location(index, location) && is_available(index)) presented.tip = (int)index;
    presented.shown = presented.tip >= 0;
    if (presented.shown && options.record && (r = record_display((size_t)presented.tip, error)) < 0) return r;
    return reply_with(call, build_presented, &presented);
}

static int method_log_mood(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    const char *text;
    struct options options;
    int r = sd_bus_message_read(call, "s", &text);
    if (r < 0) return r;
    if ((r = read_options(call, error, &options)) < 0) return r;
    struct mood_change change = {NULL, 0, 0, state};
    for (size_t index = 0; index < sizeof moods / sizeof moods[0]; index++)
        if (strcasecmp(moods[index], text) == 0) change.mood = moods[index];
    if (!change.mood)
        return sd_bus_error_setf(error, ERROR_PREFIX "InvalidMood",
                                 "'%s' is not a mood; expected one of horrible, bad, average, good, great", text);
    change.logged_at = now_microseconds(&change.utc_offset);
    int64_t day = local_day(change.logged_at, change.utc_offset);
    change.after.has_logged_moods++;
    change.after.mood_log_count++;
    if (change.after.first_use_day < 0) change.after.first_use_day = day;
    if (change.after.streak_last_day < 0 || day > change.after.streak_last_day + 1) {
        change.after.streak_first_day = day;
        change.after.streak_last_day = day;
    } else if (day == change.after.streak_last_day + 1) {
        change.after.streak_last_day = day;
    }
    struct observation before;
    observe(&before);
    if ((r = transaction(write_mood, &change, error)) < 0) return r;
    state = change.after;
    r = sd_bus_reply_method_return(call, "u", state.mood_log_count);
    if (r < 0) return r;
    return answered(announce(sd_bus_message_get_bus(call), &before));
}

static int method_invalidate_tip(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    const char *id, *text;
    int r = sd_bus_message_read(call, "ss", &id, &text);
    if (r < 0) return r;
    int index = find_tip(id);
    if (index < 0) return sd_bus_error_setf(error, ERROR_PREFIX "UnknownTip", "'%s' is not a tip", id);
    const struct reason *reason = NULL;
    for (size_t known = 0; known < sizeof reasons / sizeof reasons[0]; known++)
        if (strcasecmp(reasons[known].stored, text) == 0 || strcasecmp(reasons[known].wire, text) == 0)
            reason = &reasons[known];
    if (!reason)
        return sd_bus_error_setf(error, ERROR_PREFIX "InvalidReason",
                                 "'%s' is not a reason; expected action-performed or tip-closed", text);
    if (state.records[index].invalidation) return sd_bus_reply_method_return(call, "");
    struct tip_change change = {(size_t)index, state.records[index], false, 0};
    change.record.invalidation = reason;
    struct observation before;
    observe(&before);
    if ((r = transaction(write_tip, &change, error)) < 0) return r;
    state.records[index] = change.record;
    if ((r = sd_bus_reply_method_return(call, "")) < 0) return r;
    return answered(announce(sd_bus_message_get_bus(call), &before));
}

static int property_count(sd_bus *bus, const char *path, const char *interface, const char *property,
                          sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)userdata, (void)error;
    enum parameter parameter = strcmp(property, "MoodLogCount") == 0     ? MOOD_LOG_COUNT
                               : strcmp(property, "HasLoggedMoods") == 0 ? HAS_LOGGED_MOODS
                               : strcmp(property, "DaysUsingApp") == 0   ? DAYS_USING_APP
                                                                         : CURRENT_STREAK;
    return sd_bus_message_append(reply, "u", parameter_value(parameter));
}

static const sd_bus_vtable tips_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD_WITH_ARGS("LogMood", SD_BUS_ARGS("s", mood, "a{sv}", options), SD_BUS_RESULT("u", mood_log_count),
                            method_log_mood, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_ARGS("GetTips", SD_BUS_ARGS("as", ids, "a{sv}", options), SD_BUS_RESULT("aa{sv}", tips),
                            method_get_tips, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_ARGS("PresentTip", SD_BUS_ARGS("s", id, "a{sv}", options),
                            SD_BUS_RESULT("b", shown, "a{sv}", tip), method_present_tip, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_ARGS("PresentNextTip", SD_BUS_ARGS("s", location, "a{sv}", options),
                            SD_BUS_RESULT("b", shown, "a{sv}", tip), method_present_next_tip,
                            SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_ARGS("InvalidateTip", SD_BUS_ARGS("s", id, "s", reason), SD_BUS_NO_RESULT,
                            method_invalidate_tip, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("MoodLogCount", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("HasLoggedMoods", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("DaysUsingApp", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("CurrentStreak", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_SIGNAL_WITH_ARGS("TipChanged", SD_BUS_ARGS("s", id, "s", location, "a{sv}", changes), 0),
    SD_BUS_VTABLE_END,
};

/* ---- wiring ---- */

static void request_stop(int signal) {
    (void)signal;
    stop_requested = 1;
}

static int fail(const char *what, int r) {
    fprintf(stderr, "tips-peerd: Failed to %s: %s\n", what, strerror(-r));
    return 1;
}

int main(int argc, char **argv) {
    const char *address = NULL, *name = "org.feels.TipsPeer";
    for (int index = 1; index + 1 < argc; index += 2) {
        if (strcmp(argv[index], "--address") == 0) address = argv[index + 1];
        else if (strcmp(argv[index], "--datastore") == 0) datastore_path = argv[index + 1];
        else if (strcmp(argv[index], "--name") == 0) name = argv[index + 1];
    }
    if (!address || !datastore_path) {
        fprintf(stderr, "Usage: tips-peerd --address ADDRESS --datastore PATH [--name NAME]\n");
        return 2;
    }
    struct sigaction action = {.sa_handler = request_stop};
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    tzset();

    state.first_use_day = state.streak_first_day = state.streak_last_day = -1;
    open_datastore(datastore_path);

    sd_bus *bus = NULL;
    int r = sd_bus_new(&bus);
    if (r < 0) return fail("make a bus connection", r);
    if ((r = sd_bus_set_address(bus, address)) < 0) return fail("set the bus address", r);
    if ((r = sd_bus_set_bus_client(bus, 1)) < 0) return fail("make a bus client", r);
    if ((r = sd_bus_start(bus)) < 0) return fail("connect to the bus", r);
    sd_bus_slot *slot = NULL;
    if ((r = sd_bus_add_object_vtable(bus, &slot, OBJECT_PATH, INTERFACE, tips_vtable, NULL)) < 0)
        return fail("export the object", r);
    if ((r = sd_bus_request_name(bus, name, 0)) < 0) return fail("own the name", r);

    while (!stop_requested) {
        r = sd_bus_process(bus, NULL);
        if (r < 0) {
            if (r == -ECONNRESET || r == -ENOTCONN) break;
            return fail("process a message", r);
        }
        if (r > 0) continue;
        r = sd_bus_wait(bus, UINT64_MAX);
        if (r < 0 && r != -EINTR) return fail("wait for the bus", r);
    }
    sd_bus_flush(bus);
    sd_bus_slot_unref(slot);
    sd_bus_flush_close_unref(bus);
    for (int which = 0; which < STATEMENT_COUNT; which++) sqlite3_finalize(statements[which]);
    /* Closing checkpoints the WAL into the file, as feels-tipsd does at a clean stop. */
    return sqlite3_close(database) == SQLITE_OK ? 0 : 1;
}
