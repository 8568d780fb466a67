/* tips-peerd: the benchmark's floor. A small C service over sd-bus that does, for the calls the bench measures, the
 * work feels-tipsd does, the way a careful C programmer would write it: one thread, answering from the thread the
 * message woke, the reply built afresh for every call, every change made durable before its reply.
 *
 * The same bus shapes as org.feels.Tips1 for what the bench calls (object /org/feels/Tips, interface
 * org.feels.Tips1): GetTip(s) → a{sv} with the same keys, value types and words as feels-tipsd's, ListTips() →
 * aa{sv}, EligibleTips(s) → as, DisplayNextTip(s) → s, InvalidateTip(ss), LogMood(s) → u, the MoodLogCount and
 * HasLoggedMoods properties (PropertiesChanged after each LogMood, as feels-tipsd emits), and Peer.Ping, which
 * sd-bus answers itself. The same durability: SQLite in WAL mode with synchronous=FULL and an exclusive lock, the
 * same tables, one transaction per change, synced before the reply. What it leaves out is what the bench does not
 * measure: translations, the display window's other frequencies, days and streaks across midnight.
 *
 * It ships nothing: scripts/bench builds it with cc (Debian's libsystemd-dev and libsqlite3-dev).
 *
 * Usage: tips-peerd --address ADDRESS --datastore PATH [--name NAME]   (default name org.feels.TipsPeer)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <locale.h>
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

enum parameter { MOOD_LOG_COUNT, HAS_LOGGED_MOODS, HAS_SEEN_SETTINGS, DAYS_USING_APP, CURRENT_STREAK };
static const char *const parameter_names[] = {"moodLogCount", "hasLoggedMoods", "hasSeenSettings", "daysUsingApp",
                                              "currentStreak"};

struct rule {
    enum parameter parameter;
    unsigned threshold; /* for hasSeenSettings, a flag compared with == */
};

struct tip {
    const char *id, *title, *message, *icon, *symbol, *location;
    int rule_count;
    struct rule rules[1];
};

/* The Feels tips, in catalog order, with the words and artwork feels-tipsd gives under C.UTF-8. */
static const struct tip tips[] = {
    {"CustomizeLayoutTip", "Personalize Your Experience", "Tap here to customize mood icons, colors, and layouts.",
     "preferences-desktop-theme", "paintbrush", "CustomizeContentView", 0, {{0, 0}}},
    {"AIInsightsTip", "Discover AI Insights",
     "Get personalized insights about your mood patterns powered by Apple Intelligence.", "applications-science",
     "brain", "InsightsView", 1, {{HAS_LOGGED_MOODS, 7}}},
    {"SiriShortcutTip", "Use Siri to Log Moods", "Say 'Hey Siri, log my mood as great in Feels' for hands-free logging.",
     "audio-input-microphone", "mic.fill", "SettingsContentView", 1, {{MOOD_LOG_COUNT, 3}}},
    {"HealthKitSyncTip", "Sync with Apple Health",
     "Connect to Apple Health to see your mood data alongside sleep, exercise, and more.", "emblem-favorite",
     "heart.fill", "SettingsContentView", 1, {{HAS_SEEN_SETTINGS, 1}}},
    {"WidgetVotingTip", "Vote from Your Home Screen",
     "Add the Mood Vote widget to quickly log your mood without opening the app.", "user-desktop", "square.grid.2x2",
     "DayView", 1, {{DAYS_USING_APP, 2}}},
    {"TimeViewTip", "View Your History",
     "Switch between Day, Month, and Year views to see your mood patterns over time.", "x-office-calendar",
     "calendar", "DayView", 0, {{0, 0}}},
    {"MoodStreakTip", "Build Your Streak!",
     "Log your mood daily to build a streak. Consistency helps you understand your patterns.", "face-smile-big",
     "flame.fill", "DayView", 1, {{CURRENT_STREAK, 3}}},
};
#define TIP_COUNT (sizeof tips / sizeof tips[0])

static const char *const moods[] = {"horrible", "bad", "average", "good", "great"};
static const char *const locations[] = {"CustomizeContentView", "InsightsView", "SettingsContentView", "DayView"};
static const char *const reasons[] = {"actionPerformed", "tipClosed"};

/* A tip's record, as the tips table keeps it. */
struct record {
    unsigned display_count;
    int64_t first_displayed, last_displayed;
    const char *invalidation; /* NULL while not invalidated */
};

/* What is durable: every read is answered from it. */
static struct {
    unsigned mood_log_count, has_logged_moods;
    bool has_seen_settings;
    struct record records[TIP_COUNT];
} state;

static sqlite3 *database;
static const char *datastore_path;
static const char *process_locale = "C";
static volatile sig_atomic_t stop_requested;

/* ---- the model ---- */

static unsigned parameter_value(enum parameter parameter) {
    switch (parameter) {
    case MOOD_LOG_COUNT: return state.mood_log_count;
    case HAS_LOGGED_MOODS: return state.has_logged_moods;
    case HAS_SEEN_SETTINGS: return state.has_seen_settings;
    /* The bench runs within a day: one day of use and a one-day streak once a mood is logged. */
    case DAYS_USING_APP:
    case CURRENT_STREAK: return state.mood_log_count > 0 ? 1 : 0;
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

static bool is_available(size_t index) {
    return state.records[index].invalidation == NULL && rules_hold(&tips[index]);
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
    if (state.records[index].invalidation) {
        snprintf(text, size, "Invalidated (%s); it returns only after ResetAllTips.", state.records[index].invalidation);
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
        return;
    }
    snprintf(text, size, "%s", tip->rule_count ? "Every rule holds; ready to show." : "Always eligible; ready to show.");
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

/* A tip as feels-tipsd's a{sv}: the same keys in the same order, with the same types. */
static int append_tip(sd_bus_message *reply, size_t index) {
    const struct tip *tip = &tips[index];
    const struct record *record = &state.records[index];
    bool available = is_available(index);
    char explanation[256];
    explain(index, explanation, sizeof explanation);
    int r = sd_bus_message_open_container(reply, 'a', "{sv}");
    if (r < 0) return r;
    r = sd_bus_message_append(
        reply, "{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}{sv}", "id", "s", tip->id, "title", "s",
        tip->title, "message", "s", tip->message, "locale", "s", process_locale, "icon", "s", tip->icon, "symbol", "s",
        tip->symbol, "location", "s", tip->location, "status", "s",
        record->invalidation ? "invalidated" : available ? "available" : "pending", "invalidation_reason", "s",
        record->invalidation ? record->invalidation : "", "should_display", "b", (int)available, "override", "s", "",
        "display_count", "u", record->display_count, "first_displayed", "x", record->first_displayed, "last_displayed",
        "x", record->last_displayed, "max_display_count", "u", 0u, "ignores_display_frequency", "b", 0);
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

static int reply_with(sd_bus_message *call, int (*build)(sd_bus_message *, const void *), const void *context) {
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(call, &reply);
    if (r >= 0) r = build(reply, context);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int build_tip(sd_bus_message *reply, const void *context) {
    return append_tip(reply, *(const size_t *)context);
}

static int build_tips(sd_bus_message *reply, const void *context) {
    (void)context;
    int r = sd_bus_message_open_container(reply, 'a', "a{sv}");
    for (size_t index = 0; r >= 0 && index < TIP_COUNT; index++) r = append_tip(reply, index);
    return r < 0 ? r : sd_bus_message_close_container(reply);
}

static int build_eligible(sd_bus_message *reply, const void *context) {
    int location = *(const int *)context;
    int r = sd_bus_message_open_container(reply, 'a', "s");
    for (size_t index = 0; r >= 0 && index < TIP_COUNT; index++)
        if (at_location(index, location) && is_available(index)) r = sd_bus_message_append(reply, "s", tips[index].id);
    return r < 0 ? r : sd_bus_message_close_container(reply);
}

/* ---- the datastore ---- */

static const char schema[] =
    "CREATE TABLE moods (id INTEGER PRIMARY KEY,"
    " mood TEXT NOT NULL CHECK (mood IN ('horrible', 'bad', 'average', 'good', 'great')),"
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
    " invalidation TEXT CHECK (invalidation IN ('actionPerformed', 'tipClosed', 'displayCountExceeded')),"
    " display_count INTEGER NOT NULL CHECK (display_count >= 0), first_displayed INTEGER, last_displayed INTEGER)"
    " STRICT, WITHOUT ROWID;"
    "PRAGMA user_version = 1;";

enum statement { BEGIN, COMMIT, ROLLBACK, INSERT_MOOD, REPLACE_PARAMETERS, REPLACE_TIP, STATEMENT_COUNT };
static const char *const statement_sql[] = {
    "BEGIN IMMEDIATE",
    "COMMIT",
    "ROLLBACK",
    "INSERT INTO moods (mood, logged_at, utc_offset) VALUES (?1, ?2, ?3)",
    "REPLACE INTO parameters (id, has_logged_moods, mood_log_count, has_seen_settings, first_use_day,"
    " streak_first_day, streak_last_day, display_window_opened) VALUES (1, ?1, ?2, ?3, NULL, NULL, NULL, NULL)",
    "REPLACE INTO tips (id, invalidation, display_count, first_displayed, last_displayed) VALUES (?1, ?2, ?3, ?4, ?5)",
};
static sqlite3_stmt *statements[STATEMENT_COUNT];

static int run(enum statement which) {
    sqlite3_stmt *statement = statements[which];
    int status = sqlite3_step(statement);
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
    return status == SQLITE_DONE || status == SQLITE_ROW ? SQLITE_OK : status;
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
    if (sqlite3_prepare_v2(database, "SELECT has_logged_moods, mood_log_count, has_seen_settings FROM parameters",
                           -1, &select, NULL) == SQLITE_OK &&
        sqlite3_step(select) == SQLITE_ROW) {
        state.has_logged_moods = (unsigned)sqlite3_column_int64(select, 0);
        state.mood_log_count = (unsigned)sqlite3_column_int64(select, 1);
        state.has_seen_settings = sqlite3_column_int(select, 2) != 0;
    }
    sqlite3_finalize(select);
    if (sqlite3_prepare_v2(database, "SELECT id, invalidation, display_count, first_displayed, last_displayed FROM tips",
                           -1, &select, NULL) == SQLITE_OK) {
        while (sqlite3_step(select) == SQLITE_ROW) {
            int index = find_tip((const char *)sqlite3_column_text(select, 0));
            if (index < 0) continue;
            struct record *record = &state.records[index];
            const char *reason = (const char *)sqlite3_column_text(select, 1);
            record->invalidation = NULL;
            for (size_t known = 0; reason && known < sizeof reasons / sizeof reasons[0]; known++)
                if (strcmp(reason, reasons[known]) == 0) record->invalidation = reasons[known];
            record->display_count = (unsigned)sqlite3_column_int64(select, 2);
            record->first_displayed = sqlite3_column_int64(select, 3);
            record->last_displayed = sqlite3_column_int64(select, 4);
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
    return sd_bus_error_setf(error, "org.feels.Tips1.Error.Datastore", "Failed to write '%s': %s", datastore_path,
                             reason);
}

static int save_parameters(unsigned has_logged_moods, unsigned mood_log_count) {
    sqlite3_stmt *statement = statements[REPLACE_PARAMETERS];
    sqlite3_bind_int64(statement, 1, has_logged_moods);
    sqlite3_bind_int64(statement, 2, mood_log_count);
    sqlite3_bind_int(statement, 3, state.has_seen_settings);
    return run(REPLACE_PARAMETERS);
}

struct mood_change {
    const char *mood;
    int64_t logged_at;
    long utc_offset;
};

static int write_mood(const void *context) {
    const struct mood_change *change = context;
    sqlite3_stmt *insert = statements[INSERT_MOOD];
    sqlite3_bind_text(insert, 1, change->mood, -1, SQLITE_STATIC);
    sqlite3_bind_int64(insert, 2, change->logged_at);
    sqlite3_bind_int64(insert, 3, change->utc_offset);
    int status = run(INSERT_MOOD);
    return status == SQLITE_OK ? save_parameters(state.has_logged_moods + 1, state.mood_log_count + 1) : status;
}

struct tip_change {
    size_t index;
    struct record record;
};

static int write_tip(const void *context) {
    const struct tip_change *change = context;
    sqlite3_stmt *statement = statements[REPLACE_TIP];
    sqlite3_bind_text(statement, 1, tips[change->index].id, -1, SQLITE_STATIC);
    if (change->record.invalidation)
        sqlite3_bind_text(statement, 2, change->record.invalidation, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(statement, 2);
    sqlite3_bind_int64(statement, 3, change->record.display_count);
    if (change->record.display_count) {
        sqlite3_bind_int64(statement, 4, change->record.first_displayed);
        sqlite3_bind_int64(statement, 5, change->record.last_displayed);
    }
    return run(REPLACE_TIP);
}

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

/* ---- the methods ---- */

static int method_get_tip(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    const char *id;
    int r = sd_bus_message_read(call, "s", &id);
    if (r < 0) return r;
    int index = find_tip(id);
    if (index < 0) return sd_bus_error_setf(error, "org.feels.Tips1.Error.UnknownTip", "'%s' is not a tip", id);
    size_t found = (size_t)index;
    return reply_with(call, build_tip, &found);
}

static int method_list_tips(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    (void)error;
    return reply_with(call, build_tips, NULL);
}

/* Reads a location argument into `location` (see parse_location); refuses a name that is not one. */
static int read_location(sd_bus_message *call, sd_bus_error *error, int *location) {
    const char *text;
    int r = sd_bus_message_read(call, "s", &text);
    if (r < 0) return r;
    *location = parse_location(text);
    if (*location < 0)
        return sd_bus_error_setf(error, SD_BUS_ERROR_INVALID_ARGS, "'%s' is not a tip location", text);
    return 0;
}

static int method_eligible_tips(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    int location;
    int r = read_location(call, error, &location);
    if (r < 0) return r;
    return reply_with(call, build_eligible, &location);
}

static int method_log_mood(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    const char *text;
    int r = sd_bus_message_read(call, "s", &text);
    if (r < 0) return r;
    struct mood_change change = {NULL, 0, 0};
    for (size_t index = 0; index < sizeof moods / sizeof moods[0]; index++)
        if (strcasecmp(moods[index], text) == 0) change.mood = moods[index];
    if (!change.mood)
        return sd_bus_error_setf(error, "org.feels.Tips1.Error.InvalidMood",
                                 "'%s' is not a mood; expected one of horrible, bad, average, good, great", text);
    change.logged_at = now_microseconds(&change.utc_offset);
    if ((r = transaction(write_mood, &change, error)) < 0) return r;
    state.has_logged_moods++;
    state.mood_log_count++;
    r = sd_bus_reply_method_return(call, "u", state.mood_log_count);
    if (r < 0) return r;
    return sd_bus_emit_properties_changed(sd_bus_message_get_bus(call), OBJECT_PATH, INTERFACE, "HasLoggedMoods",
                                          "MoodLogCount", NULL);
}

/* TipKit's rule for a place holding several tips: the first available tip never shown (display frequency
 * immediate, as the bench runs feels-tipsd), else the first available one already shown, else none; the display
 * is recorded before the reply. */
static int method_display_next_tip(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    int location;
    int r = read_location(call, error, &location);
    if (r < 0) return r;
    int chosen = -1;
    for (size_t index = 0; chosen < 0 && index < TIP_COUNT; index++)
        if (at_location(index, location) && is_available(index) && state.records[index].display_count == 0)
            chosen = (int)index;
    for (size_t index = 0; chosen < 0 && index < TIP_COUNT; index++)
        if (at_location(index, location) && is_available(index)) chosen = (int)index;
    if (chosen < 0) return sd_bus_reply_method_return(call, "s", "");
    struct tip_change change = {(size_t)chosen, state.records[chosen]};
    int64_t now = now_microseconds(NULL);
    if (change.record.display_count == 0) change.record.first_displayed = now;
    change.record.last_displayed = now;
    change.record.display_count++;
    if ((r = transaction(write_tip, &change, error)) < 0) return r;
    state.records[chosen] = change.record;
    return sd_bus_reply_method_return(call, "s", tips[chosen].id);
}

static int method_invalidate_tip(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    const char *id, *text;
    int r = sd_bus_message_read(call, "ss", &id, &text);
    if (r < 0) return r;
    int index = find_tip(id);
    if (index < 0) return sd_bus_error_setf(error, "org.feels.Tips1.Error.UnknownTip", "'%s' is not a tip", id);
    const char *reason = NULL;
    for (size_t known = 0; known < sizeof reasons / sizeof reasons[0]; known++)
        if (strcasecmp(reasons[known], text) == 0) reason = reasons[known];
    if (!reason)
        return sd_bus_error_setf(error, "org.feels.Tips1.Error.InvalidReason",
                                 "'%s' is not a reason; expected actionPerformed or tipClosed", text);
    if (state.records[index].invalidation) return sd_bus_reply_method_return(call, "");
    struct tip_change change = {(size_t)index, state.records[index]};
    change.record.invalidation = reason;
    if ((r = transaction(write_tip, &change, error)) < 0) return r;
    state.records[index] = change.record;
    return sd_bus_reply_method_return(call, "");
}

static int property_count(sd_bus *bus, const char *path, const char *interface, const char *property,
                          sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)userdata, (void)error;
    return sd_bus_message_append(reply, "u",
                                 strcmp(property, "MoodLogCount") == 0 ? state.mood_log_count : state.has_logged_moods);
}

static const sd_bus_vtable tips_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD_WITH_ARGS("GetTip", SD_BUS_ARGS("s", id), SD_BUS_RESULT("a{sv}", tip), method_get_tip,
                            SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_ARGS("ListTips", SD_BUS_NO_ARGS, SD_BUS_RESULT("aa{sv}", tips), method_list_tips,
                            SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_ARGS("EligibleTips", SD_BUS_ARGS("s", location), SD_BUS_RESULT("as", ids),
                            method_eligible_tips, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_ARGS("LogMood", SD_BUS_ARGS("s", mood), SD_BUS_RESULT("u", mood_log_count), method_log_mood,
                            SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_ARGS("DisplayNextTip", SD_BUS_ARGS("s", location), SD_BUS_RESULT("s", id),
                            method_display_next_tip, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_ARGS("InvalidateTip", SD_BUS_ARGS("s", id, "s", reason), SD_BUS_NO_RESULT,
                            method_invalidate_tip, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("MoodLogCount", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("HasLoggedMoods", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
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
    /* feels-tipsd reports the locale its words are in; the peer reports the same. */
    setlocale(LC_CTYPE, "");
    const char *messages = setlocale(LC_MESSAGES, "");
    process_locale = messages ? strdup(messages) : "C";
    struct sigaction action = {.sa_handler = request_stop};
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);

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
