/* tarokpgn._verdict_json: one deal's element of the array `tarokpgn verify --json` writes,
 * in C (issue 21). Optional: built next to the mypyc build by hatch_build.py, used by
 * tarokpgn.verdict when it imports; tarokpgn.verdict's own writer (_deal) is the reference
 * and writes whatever this one leaves to it. tests/test_verify_json_c.py holds the two equal.
 *
 * element(verdict, file, index, line, match, deal) -> bytes | None
 *     The bytes tarokpgn.verdict.deal_json writes (with an empty head): the verdict's fields
 *     in the order of its dataclass, then the five members "file" ... "deal", as
 *     json.dumps(dataclasses.asdict(...), indent=1, ensure_ascii=False) writes them at one
 *     level of indent, in UTF-8. None when a value is anything but None, True, False and
 *     exactly str, int (up to 64 bits), tuple, list, dict with str keys, the verdict's Status
 *     and the classes given to setup(), or a string holds a lone surrogate, or the nesting
 *     is deeper than DEEPEST: the Python writer then writes the deal (and knows what to do
 *     with each of those). Nothing here calls back into Python code: fields are read by the
 *     getters of the classes' own descriptors (mypyc's getset descriptors, found once by
 *     setup()) or by PyObject_GetAttr for other descriptors (the pure build's slots).
 *
 * setup(status_type, classes, names)
 *     classes: (Verdict, Problem, ScoreLine, Bonus); names: the field names of each, in
 *     order. Called once by tarokpgn.verdict when it imports this module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define FALLBACK (-2) /* a return value: leave this deal to the Python writer */
#define DEEPEST 32    /* the deepest nesting written here */
#define CLASSES 4     /* Verdict, then the classes of its values: Problem, ScoreLine, Bonus */
#define FIELDS 32     /* the most fields a class may have */

/* The element being written: on the stack, on the heap when it outgrows that. */
typedef struct {
    char *buf;
    Py_ssize_t len, cap;
    char stack[4096];
} Buf;

static int more(Buf *b, Py_ssize_t need) {
    Py_ssize_t cap = b->cap * 2;
    while (cap < b->len + need) cap *= 2;
    char *n;
    if (b->buf == b->stack) {
        n = PyMem_Malloc(cap);
        if (n) memcpy(n, b->buf, b->len);
    } else {
        n = PyMem_Realloc(b->buf, cap);
    }
    if (!n) {
        PyErr_NoMemory();
        return -1;
    }
    b->buf = n;
    b->cap = cap;
    return 0;
}

static inline int grow(Buf *b, Py_ssize_t need) {
    return b->len + need <= b->cap ? 0 : more(b, need);
}

static inline int put(Buf *b, const char *s, Py_ssize_t n) {
    if (grow(b, n)) return -1;
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    return 0;
}
#define PUTS(b, literal) put(b, literal, sizeof(literal) - 1)

/* sep (',' '[' '{', or 0 for none), a line feed and depth spaces: indent=1. */
static inline int line(Buf *b, char sep, int depth) {
    if (grow(b, 2 + depth)) return -1;
    char *o = b->buf + b->len;
    if (sep) *o++ = sep;
    *o++ = '\n';
    memset(o, ' ', depth);
    b->len = o + depth - b->buf;
    return 0;
}

typedef PyObject *(*Getter)(PyObject *, void *);
typedef struct {
    PyTypeObject *type;
    Py_ssize_t n;
    PyObject *names; /* tuple of the field names (str) */
    PyObject *keys;  /* tuple of bytes: each field's '"name": ' */
    Getter get[FIELDS];
    void *closure[FIELDS];
} Class;
static Class classes[CLASSES];
static PyObject *status_type;

static PyObject *field(Class *c, PyObject *v, Py_ssize_t i) {
    if (c->get[i]) return c->get[i](v, c->closure[i]);
    return PyObject_GetAttr(v, PyTuple_GET_ITEM(c->names, i));
}

/* 1 for an ASCII character json.encoder.encode_basestring keeps as it is */
static unsigned char plain[128];
static const char hex[] = "0123456789abcdef";

/* encode_basestring's escape of the ASCII character c (not plain) */
#define ESCAPE(o, c)                                                                       \
    do {                                                                                   \
        *o++ = '\\';                                                                       \
        switch (c) {                                                                       \
        case '"': *o++ = '"'; break;                                                       \
        case '\\': *o++ = '\\'; break;                                                     \
        case '\n': *o++ = 'n'; break;                                                      \
        case '\r': *o++ = 'r'; break;                                                      \
        case '\t': *o++ = 't'; break;                                                      \
        case '\b': *o++ = 'b'; break;                                                      \
        case '\f': *o++ = 'f'; break;                                                      \
        default:                                                                           \
            *o++ = 'u'; *o++ = '0'; *o++ = '0';                                            \
            *o++ = hex[(c) >> 4]; *o++ = hex[(c) & 15];                                    \
        }                                                                                  \
    } while (0)

/* The n characters at data (of type T) escaped and in UTF-8 at o; FALLBACK at a surrogate. */
#define CHARACTERS(T)                                                                      \
    do {                                                                                   \
        const T *p = (const T *)data;                                                      \
        for (Py_ssize_t i = 0; i < n; i++) {                                               \
            Py_UCS4 c = p[i];                                                              \
            if (c < 0x80) {                                                                \
                if (plain[c]) *o++ = (char)c;                                              \
                else ESCAPE(o, c);                                                         \
            } else if (c < 0x800) {                                                        \
                *o++ = (char)(0xc0 | (c >> 6));                                            \
                *o++ = (char)(0x80 | (c & 0x3f));                                          \
            } else if (c < 0x10000) {                                                      \
                if (c >= 0xd800 && c <= 0xdfff) return FALLBACK; /* no UTF-8 for it */     \
                *o++ = (char)(0xe0 | (c >> 12));                                           \
                *o++ = (char)(0x80 | ((c >> 6) & 0x3f));                                   \
                *o++ = (char)(0x80 | (c & 0x3f));                                          \
            } else {                                                                       \
                *o++ = (char)(0xf0 | (c >> 18));                                           \
                *o++ = (char)(0x80 | ((c >> 12) & 0x3f));                                  \
                *o++ = (char)(0x80 | ((c >> 6) & 0x3f));                                   \
                *o++ = (char)(0x80 | (c & 0x3f));                                          \
            }                                                                              \
        }                                                                                  \
    } while (0)

/* A string as encode_basestring quotes it (ensure_ascii=False), in UTF-8. */
static int string(Buf *b, PyObject *s) {
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(s) < 0) return -1;
#endif
    Py_ssize_t n = PyUnicode_GET_LENGTH(s);
    const void *data = PyUnicode_DATA(s);
    if (PyUnicode_IS_ASCII(s)) {
        const unsigned char *p = (const unsigned char *)data;
        Py_ssize_t i = 0;
        while (i < n && plain[p[i]]) i++;
        if (i == n) { /* nothing to escape: most strings */
            if (grow(b, n + 2)) return -1;
            char *o = b->buf + b->len;
            *o++ = '"';
            memcpy(o, p, n);
            o[n] = '"';
            b->len += n + 2;
            return 0;
        }
    }
    if (grow(b, 2 + 6 * n)) return -1; /* \u00XX, or at most 4 bytes of UTF-8, a character */
    char *o = b->buf + b->len;
    *o++ = '"';
    switch (PyUnicode_KIND(s)) {
    case PyUnicode_1BYTE_KIND: CHARACTERS(Py_UCS1); break;
    case PyUnicode_2BYTE_KIND: CHARACTERS(Py_UCS2); break;
    default: CHARACTERS(Py_UCS4); break;
    }
    *o++ = '"';
    b->len = o - b->buf;
    return 0;
}

/* A whole number as int.__repr__ writes it; FALLBACK beyond 64 bits. */
static int number(Buf *b, PyObject *v) {
    long long x;
#if PY_VERSION_HEX < 0x030C0000
    Py_ssize_t size = Py_SIZE(v);
    if (size >= -1 && size <= 1) {
        x = size * (long long)((PyLongObject *)v)->ob_digit[0];
    } else
#else
    if (PyUnstable_Long_IsCompact((PyLongObject *)v)) {
        x = PyUnstable_Long_CompactValue((PyLongObject *)v);
    } else
#endif
    {
        int overflow;
        x = PyLong_AsLongLongAndOverflow(v, &overflow);
        if (overflow) return FALLBACK;
        if (x == -1 && PyErr_Occurred()) return -1;
    }
    char digits[24];
    int n = 0;
    unsigned long long u = x < 0 ? 0ULL - (unsigned long long)x : (unsigned long long)x;
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (x < 0) digits[n++] = '-';
    if (grow(b, n)) return -1;
    char *o = b->buf + b->len;
    b->len += n;
    while (n) *o++ = digits[--n];
    return 0;
}

static int value(Buf *b, PyObject *v, int depth);

/* The '{' that opens an instance of c (at least one field) and its members (the verdict at
   depth 1, its values deeper). */
static int members(Buf *b, Class *c, PyObject *v, int depth) {
    for (Py_ssize_t i = 0; i < c->n; i++) {
        PyObject *key = PyTuple_GET_ITEM(c->keys, i);
        if (line(b, i ? ',' : '{', depth + 1) ||
            put(b, PyBytes_AS_STRING(key), PyBytes_GET_SIZE(key)))
            return -1;
        PyObject *x = field(c, v, i);
        if (!x) return -1;
        int r = value(b, x, depth + 1);
        Py_DECREF(x);
        if (r) return r;
    }
    return 0;
}

static int object(Buf *b, Class *c, PyObject *v, int depth) {
    if (!c->n) return PUTS(b, "{}");
    int r = members(b, c, v, depth);
    if (r) return r;
    if (line(b, 0, depth)) return -1;
    return PUTS(b, "}");
}

static int array(Buf *b, PyObject *v, int depth) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(v);
    if (!n) return PUTS(b, "[]");
    for (Py_ssize_t i = 0; i < n; i++) {
        if (line(b, i ? ',' : '[', depth + 1)) return -1;
        PyObject *x = PySequence_Fast_GET_ITEM(v, i);
        Py_INCREF(x);
        int r = value(b, x, depth + 1);
        Py_DECREF(x);
        if (r) return r;
    }
    if (line(b, 0, depth)) return -1;
    return PUTS(b, "]");
}

static int table(Buf *b, PyObject *v, int depth) {
    if (!PyDict_GET_SIZE(v)) return PUTS(b, "{}");
    Py_ssize_t pos = 0, i = 0;
    PyObject *key, *x;
    while (PyDict_Next(v, &pos, &key, &x)) {
        if (!PyUnicode_CheckExact(key)) return FALLBACK; /* the standard encoder's own rules */
        if (line(b, i++ ? ',' : '{', depth + 1)) return -1;
        int r = string(b, key);
        if (r) return r;
        if (PUTS(b, ": ")) return -1;
        Py_INCREF(x);
        r = value(b, x, depth + 1);
        Py_DECREF(x);
        if (r) return r;
    }
    if (line(b, 0, depth)) return -1;
    return PUTS(b, "}");
}

/* v as JSON where a value starts, its lines indented by depth spaces. */
static int value(Buf *b, PyObject *v, int depth) {
    PyTypeObject *t = Py_TYPE(v);
    if (v == Py_None) return PUTS(b, "null");
    if (v == Py_True) return PUTS(b, "true");
    if (v == Py_False) return PUTS(b, "false");
    if (t == &PyUnicode_Type || (PyObject *)t == status_type) return string(b, v);
    if (t == &PyLong_Type) return number(b, v);
    if (depth >= DEEPEST) return FALLBACK;
    if (t == &PyTuple_Type || t == &PyList_Type) return array(b, v, depth);
    if (t == &PyDict_Type) return table(b, v, depth);
    for (int k = 1; k < CLASSES; k++)
        if (t == classes[k].type) return object(b, &classes[k], v, depth);
    return FALLBACK;
}

static const char *const deal_keys[5] = {
    "\"file\": ", "\"index\": ", "\"line\": ", "\"match\": ", "\"deal\": "};

static PyObject *element(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "element() takes 6 arguments");
        return NULL;
    }
    Class *c = &classes[0];
    if (!c->type || Py_TYPE(args[0]) != c->type) Py_RETURN_NONE;
    Buf b;
    b.buf = b.stack;
    b.len = 0;
    b.cap = sizeof b.stack;
    int r = members(&b, c, args[0], 1); /* then the deal's, inside the same braces */
    for (int i = 0; i < 5 && !r; i++) {
        if (line(&b, ',', 2) || put(&b, deal_keys[i], (Py_ssize_t)strlen(deal_keys[i]))) {
            r = -1;
            break;
        }
        r = value(&b, args[1 + i], 2);
    }
    if (!r && (line(&b, 0, 1) || PUTS(&b, "}"))) r = -1;
    PyObject *result = NULL;
    if (!r) {
        result = PyBytes_FromStringAndSize(b.buf, b.len);
    } else if (r == FALLBACK) {
        result = Py_None;
        Py_INCREF(result);
    }
    if (b.buf != b.stack) PyMem_Free(b.buf);
    return result;
}

static PyObject *setup(PyObject *module, PyObject *args) {
    PyObject *status, *types, *names;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyType_Type, &status, &PyTuple_Type, &types,
                          &PyTuple_Type, &names))
        return NULL;
    if (PyTuple_GET_SIZE(types) != CLASSES || PyTuple_GET_SIZE(names) != CLASSES) {
        PyErr_SetString(PyExc_ValueError, "setup() takes four classes and their field names");
        return NULL;
    }
    Class made[CLASSES];
    memset(made, 0, sizeof made);
    for (int k = 0; k < CLASSES; k++) {
        PyObject *type = PyTuple_GET_ITEM(types, k), *f = PyTuple_GET_ITEM(names, k);
        if (!PyType_Check(type) || !PyTuple_Check(f) || PyTuple_GET_SIZE(f) > FIELDS ||
            (k == 0 && PyTuple_GET_SIZE(f) == 0)) {
            PyErr_SetString(PyExc_ValueError, "a class and a tuple of its field names each");
            goto failed;
        }
        Class *c = &made[k];
        c->type = (PyTypeObject *)type;
        c->n = PyTuple_GET_SIZE(f);
        c->names = f;
        c->keys = PyTuple_New(c->n);
        if (!c->keys) goto failed;
        for (Py_ssize_t i = 0; i < c->n; i++) {
            PyObject *name = PyTuple_GET_ITEM(f, i);
            const char *u = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
            if (!u) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a field name");
                goto failed;
            }
            PyObject *key = PyBytes_FromFormat("\"%s\": ", u);
            if (!key) goto failed;
            PyTuple_SET_ITEM(c->keys, i, key);
            PyObject *d = PyObject_GetAttr(type, name); /* a descriptor: the class's own */
            if (!d) goto failed;
            if (Py_TYPE(d) == &PyGetSetDescr_Type) {
                PyGetSetDef *def = ((PyGetSetDescrObject *)d)->d_getset;
                c->get[i] = def->get;
                c->closure[i] = def->closure;
            }
            Py_DECREF(d); /* the class holds it */
        }
    }
    for (int k = 0; k < CLASSES; k++) {
        Class *old = &classes[k];
        Py_XDECREF(old->type);
        Py_XDECREF(old->names);
        Py_XDECREF(old->keys);
        Py_INCREF(made[k].type);
        Py_INCREF(made[k].names);
        classes[k] = made[k];
    }
    Py_INCREF(status);
    Py_XSETREF(status_type, status);
    Py_RETURN_NONE;
failed:
    for (int k = 0; k < CLASSES; k++) Py_XDECREF(made[k].keys);
    return NULL;
}

static PyMethodDef methods[] = {
    {"element", (PyCFunction)(void (*)(void))element, METH_FASTCALL,
     "element(verdict, file, index, line, match, deal) -> bytes | None"},
    {"setup", setup, METH_VARARGS, "setup(status_type, classes, names) -> None"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "tarokpgn._verdict_json",
    "One deal's element of `tarokpgn verify --json`, in C (see tarokpgn/_verdict_json.c).",
    -1, methods};

PyMODINIT_FUNC PyInit__verdict_json(void) {
    for (int c = 0x20; c < 0x80; c++) plain[c] = c != '"' && c != '\\';
    return PyModule_Create(&module);
}
