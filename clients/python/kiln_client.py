"""Kiln client: one module, standard library only, so it also runs inside Blender's own Python.

    from kiln_client import Kiln
    kiln = Kiln("http://127.0.0.1:8080", "kiln_...")       # or Kiln() with KILN_URL / KILN_API_KEY set
    task = kiln.generate(prompt="a wooden chair", tier="Gen-2.5-Low")
    kiln.wait(task, on_progress=lambda event: print(event.status, event.progress, event.stage))
    paths = kiln.download(task, "out/")

Every verb of the HTTP API (docs/spec/api.md and the OpenAPI document at /docs) has a method: generate,
bang, texture, convert, status, task, balance, tasks / iter_tasks, cancel, delete; plus wait (the
task's server-sent event stream, polling as the fallback) and download (every file of a Done task).
Refusals raise a KilnError subclass carrying the server's catalogue code. Requests throttled (429) or
failing on the server's side (5xx, connection reset) are retried with exponential back-off, honouring
Retry-After; submissions carry an Idempotency-Key, so a retried submission is never charged twice.
"""

import http.client
import json
import os
import random
import shutil
import socket
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid as uuid_module

__all__ = [
    "Kiln",
    "Task",
    "TaskEvent",
    "TaskPage",
    "KilnError",
    "InvalidRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "InsufficientFundsError",
    "RateLimitedError",
    "ServerError",
    "ConnectionFailedError",
    "TaskFailedError",
    "WaitTimeoutError",
    "CLIENT_DEFAULTS",
]

__version__ = "0.1.0"

CLIENT_DEFAULTS = {
    # Server address when neither the argument nor KILN_URL gives one (`kiln serve` listens here).
    "base_url": "http://127.0.0.1:8080",
    # Seconds one HTTP request may take (uploads and downloads included) before it is abandoned.
    "request_timeout": 120.0,
    # Retries of a throttled (429) or failed (5xx, connection) request before the error is raised.
    "max_retries": 5,
    # Back-off before retry n is backoff_base * 2**n seconds (plus up to 25 % jitter), at most backoff_max;
    # a Retry-After header from the server is honoured instead, up to retry_after_max.
    "backoff_base": 0.5,
    "backoff_max": 30.0,
    "retry_after_max": 120.0,
    # Polling interval of wait() when the event stream is unavailable.
    "poll_interval": 1.0,
}

# Every other state (Done, Failed, or one a newer server adds, such as a cancellation) is final.
ACTIVE_STATES = ("Waiting", "Generating")


def _is_final(status):
    return status is not None and status not in ACTIVE_STATES


# ----------------------------------------------------------------------------------------------------
# Errors: one class per family of catalogue codes (src/errors.ts), each carrying the code itself.


class KilnError(Exception):
    """A refusal or failure; `code` is the server's catalogue code (or a client-side one: TIMEOUT …)."""

    def __init__(self, code, message, status=None, retry_after=None, body=None):
        super().__init__("%s: %s" % (code, message) if code else message)
        self.code = code
        self.message = message
        self.status = status
        self.retry_after = retry_after
        self.body = body if body is not None else {}


class InvalidRequestError(KilnError):
    """INVALID_REQUEST, PAYLOAD_TOO_LARGE, IDEMPOTENCY_KEY_REUSED: change the request, do not retry it."""


class AuthenticationError(KilnError):
    """UNAUTHORIZED: the API key is missing, unknown or revoked."""


class PermissionDeniedError(KilnError):
    """PERMISSION_DENIED: the key may not perform this operation."""


class NotFoundError(KilnError):
    """NO_SUCH_TASK: no task with that identifier belongs to this account."""


class ConflictError(KilnError):
    """HTTP 409: the task is not in a state that allows it (cancel of an ended task, delete of a running one)."""


class InsufficientFundsError(KilnError):
    """INSUFFICIENT_FUND: the balance is lower than the request's price."""


class RateLimitedError(KilnError):
    """RATE_LIMITED, API_PARALLELISM_LIMIT_REACHED: raised once the retries are used up."""


class ServerError(KilnError):
    """5xx: UNKNOWN, ENGINE_UNAVAILABLE, REMOTE_ENGINE_FAILED, or a proxy's error page."""


class ConnectionFailedError(KilnError):
    """The server could not be reached (refused, reset, timed out)."""


class TaskFailedError(KilnError):
    """The task ended Failed; `code` is the job's error code and the credits were refunded."""

    def __init__(self, code, message, task_uuid, body=None):
        super().__init__(code, message, body=body)
        self.task_uuid = task_uuid


class WaitTimeoutError(KilnError):
    """wait() reached its timeout before the task ended; the task itself goes on."""

    def __init__(self, message, task_uuid, last_event=None):
        super().__init__("TIMEOUT", message)
        self.task_uuid = task_uuid
        self.last_event = last_event


_ERROR_CLASSES = {
    "INVALID_REQUEST": InvalidRequestError,
    "PAYLOAD_TOO_LARGE": InvalidRequestError,
    "IDEMPOTENCY_KEY_REUSED": InvalidRequestError,
    "UNAUTHORIZED": AuthenticationError,
    "PERMISSION_DENIED": PermissionDeniedError,
    "NO_SUCH_TASK": NotFoundError,
    "INSUFFICIENT_FUND": InsufficientFundsError,
    "RATE_LIMITED": RateLimitedError,
    "API_PARALLELISM_LIMIT_REACHED": RateLimitedError,
}
_STATUS_CLASSES = {400: InvalidRequestError, 401: AuthenticationError, 403: PermissionDeniedError,
                   404: NotFoundError, 409: ConflictError, 429: RateLimitedError}


def _error_for(status, body, retry_after):
    code = body.get("error") if isinstance(body, dict) else None
    message = (body.get("message") if isinstance(body, dict) else None) or "HTTP %d" % status
    cls = _STATUS_CLASSES.get(status) if status == 409 else _ERROR_CLASSES.get(code or "")
    if cls is None:
        cls = ServerError if status >= 500 else _STATUS_CLASSES.get(status, KilnError)
    return cls(code or "HTTP_%d" % status, message, status=status, retry_after=retry_after, body=body)


# ----------------------------------------------------------------------------------------------------
# Records


class Task:
    """An accepted submission: `uuid` (downloads, asset_id of later tasks), `subscription_key` (status)."""

    def __init__(self, body):
        jobs = body.get("jobs") or {}
        self.uuid = body["uuid"]
        self.subscription_key = jobs.get("subscription_key")
        self.job_uuids = list(jobs.get("uuids") or [])
        self.consumed = body.get("consumed")
        self.prompt = body.get("prompt")
        self.submit_time = body.get("submit_time")
        self.raw = body

    def __repr__(self):
        return "Task(uuid=%r, consumed=%r)" % (self.uuid, self.consumed)


class TaskEvent:
    """One step of a task: status (Waiting, Generating, Done, Failed), progress 0–100, stage, and the rest."""

    def __init__(self, kind, data, event_id=None):
        self.kind = kind
        self.id = event_id
        self.status = data.get("status")
        self.progress = data.get("progress", 0)
        self.stage = data.get("stage")
        self.position = data.get("position")
        self.error = data.get("error")
        self.message = data.get("message")
        self.data = data

    def __repr__(self):
        return "TaskEvent(%s, %s, %s%%, %s)" % (self.kind, self.status, self.progress, self.stage)


class TaskPage:
    """One page of GET /api/v2/tasks: `tasks` (records, newest first) and `next_cursor` (None on the last)."""

    def __init__(self, body):
        self.tasks = list(body.get("tasks") or [])
        self.next_cursor = body.get("next_cursor")


def _uuid_of(task):
    if isinstance(task, Task):
        return task.uuid
    if isinstance(task, dict) and "uuid" in task:
        return task["uuid"]
    if isinstance(task, str) and task.strip():
        return task.strip()
    raise TypeError("Expected a Task, a task record or a task uuid string, got %r" % (task,))


# ----------------------------------------------------------------------------------------------------
# Request bodies


def _file_part(value, default_name):
    """(filename, bytes) from a path, bytes, a (name, bytes) pair or an open binary file."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return default_name, bytes(value)
    if isinstance(value, tuple) and len(value) == 2:
        return os.path.basename(str(value[0])), bytes(value[1])
    if hasattr(value, "read"):
        return os.path.basename(getattr(value, "name", default_name)), value.read()
    path = os.fspath(value)
    with open(path, "rb") as handle:
        return os.path.basename(path), handle.read()


def _field_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)) and not value:
        return "[]"
    return str(value)


def _multipart(fields, files):
    """A multipart/form-data body: fields (None skipped, lists repeated) and (field, value) file parts."""
    boundary = "kiln-py-" + uuid_module.uuid4().hex
    chunks = []
    for name, value in fields.items():
        if value is None:
            continue
        values = value if isinstance(value, (list, tuple)) and value else [value]
        for item in values:
            chunks.append(("--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n" % (boundary, name)).encode())
            chunks.append(_field_text(item).encode("utf-8") + b"\r\n")
    for index, (field, value) in enumerate(files):
        filename, data = _file_part(value, "%s-%d.bin" % (field, index))
        safe_name = filename.replace('"', "_").replace("\r", "_").replace("\n", "_")
        head = "--%s\r\nContent-Disposition: form-data; name=\"%s\"; filename=\"%s\"\r\n" % (boundary, field, safe_name)
        chunks.append((head + "Content-Type: application/octet-stream\r\n\r\n").encode("utf-8"))
        chunks.append(data + b"\r\n")
    chunks.append(("--%s--\r\n" % boundary).encode())
    return b"".join(chunks), "multipart/form-data; boundary=" + boundary


def _as_list(value):
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


# ----------------------------------------------------------------------------------------------------
# The client


class Kiln:
    """A client of one Kiln server with one API key. Thread-safe: every call opens its own connection."""

    def __init__(self, base_url=None, api_key=None, **options):
        unknown = set(options) - set(CLIENT_DEFAULTS) - {"sleep"}
        if unknown:
            raise TypeError("Unknown option(s) %s; known: %s" % (sorted(unknown), sorted(CLIENT_DEFAULTS)))
        self.base_url = (base_url or os.environ.get("KILN_URL") or CLIENT_DEFAULTS["base_url"]).rstrip("/")
        self.api_key = api_key or os.environ.get("KILN_API_KEY")
        if not self.api_key:
            raise AuthenticationError(
                "UNAUTHORIZED",
                "No API key: pass api_key or set KILN_API_KEY (create one on the server with "
                "`kiln keys create --credits 10`).")
        settings = dict(CLIENT_DEFAULTS)
        settings.update({k: v for k, v in options.items() if k in CLIENT_DEFAULTS})
        self.request_timeout = float(settings["request_timeout"])
        self.max_retries = int(settings["max_retries"])
        self.backoff_base = float(settings["backoff_base"])
        self.backoff_max = float(settings["backoff_max"])
        self.retry_after_max = float(settings["retry_after_max"])
        self.poll_interval = float(settings["poll_interval"])
        # Injected by tests that must observe the back-off without sleeping through it.
        self._sleep = options.get("sleep", time.sleep)
        # One entry per retried attempt: (method, path, status or error code, seconds waited).
        self.retry_log = []

    def __repr__(self):
        # The key never appears in a repr, a log line or an error message.
        return "Kiln(%r)" % self.base_url

    # -- transport ------------------------------------------------------------------------------------

    def _backoff(self, attempt, retry_after):
        if retry_after is not None:
            return min(float(retry_after), self.retry_after_max)
        delay = min(self.backoff_base * (2 ** attempt), self.backoff_max)
        return delay * (1 + random.random() * 0.25)

    def _open(self, method, path, body=None, content_type=None, headers=None, query=None, timeout=None,
              authorised=True):
        """One HTTP exchange (no retry): the open response, or a KilnError built from the refusal."""
        url = path if path.startswith(("http://", "https://")) else self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        request = urllib.request.Request(url, data=body, method=method)
        request.add_header("User-Agent", "kiln-python/%s" % __version__)
        request.add_header("Accept", "application/json")
        if authorised:
            request.add_header("Authorization", "Bearer " + self.api_key)
        if content_type:
            request.add_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            return urllib.request.urlopen(request, timeout=timeout or self.request_timeout)
        except urllib.error.HTTPError as refusal:
            raw = refusal.read()
            try:
                parsed = json.loads(raw.decode("utf-8")) if raw else {}
            except ValueError:
                parsed = {"message": "HTTP %d from %s (not a Kiln JSON body; is the URL right?)" % (refusal.code, url)}
            retry_after = refusal.headers.get("Retry-After") if refusal.headers else None
            try:
                retry_after = float(retry_after) if retry_after is not None else None
            except ValueError:
                retry_after = None
            raise _error_for(refusal.code, parsed, retry_after)
        except _NETWORK_FAILURES as failure:
            raise self._unreachable(failure) from None

    def _unreachable(self, failure):
        reason = getattr(failure, "reason", failure)
        return ConnectionFailedError(
            "CONNECTION_FAILED",
            "Cannot reach Kiln at %s (%s); start it with `kiln serve` or fix the URL." % (self.base_url, reason))

    def _with_retries(self, method, path, exchange, retry_connection_errors):
        """Runs `exchange()`, retrying 429, 5xx and (when safe) connection failures with back-off."""
        attempt = 0
        while True:
            try:
                return exchange()
            except (RateLimitedError, ServerError, ConnectionFailedError) as error:
                retryable = not isinstance(error, ConnectionFailedError) or retry_connection_errors
                # ENGINE_UNAVAILABLE is the server's configuration, not a passing state: retrying cannot help.
                if error.code == "ENGINE_UNAVAILABLE" or not retryable or attempt >= self.max_retries:
                    raise
                delay = self._backoff(attempt, error.retry_after)
                self.retry_log.append((method, path, error.status or error.code, delay))
                self._sleep(delay)
                attempt += 1

    def _request(self, method, path, json_body=None, form=None, query=None, idempotency_key=None,
                 expect_json=True, repeatable=False, submission=False):
        body, content_type, headers = None, None, {}
        if form is not None:
            body, content_type = _multipart(*form)
        elif json_body is not None:
            body, content_type = json.dumps(json_body).encode("utf-8"), "application/json"
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        # A submission without an Idempotency-Key could be charged twice if a lost answer were retried.
        safe = repeatable or method in ("GET", "DELETE") or idempotency_key is not None

        def exchange():
            with self._open(method, path, body, content_type, headers, query) as response:
                try:
                    raw = response.read()
                except _NETWORK_FAILURES as failure:  # the answer was cut off: as unreachable as no answer
                    raise self._unreachable(failure) from None
                status = response.status
            if not expect_json or status == 204 or not raw:
                return {}
            try:
                parsed = json.loads(raw.decode("utf-8"))
            except ValueError:
                raise KilnError("BAD_RESPONSE", "%s %s answered HTTP %d with a body that is not JSON; is %s a Kiln "
                                "server?" % (method, path, status, self.base_url), status=status) from None
            # §7 of the spec: a 201 is an acceptance only without an `error` (INSUFFICIENT_FUND is a 201).
            if submission and isinstance(parsed, dict) and parsed.get("error"):
                raise _error_for(status, parsed, None)
            return parsed

        return self._with_retries(method, path, exchange, safe)

    def _submit(self, path, fields, files, idempotency_key):
        key = idempotency_key or str(uuid_module.uuid4())
        body = self._request("POST", path, form=(fields, files), idempotency_key=key, submission=True)
        if not body.get("uuid"):
            raise ServerError("UNKNOWN", "The server accepted nothing: no task uuid in %r" % (body,), body=body)
        return Task(body)

    # -- submissions ----------------------------------------------------------------------------------

    def generate(self, prompt=None, images=None, tier=None, texture_mode=None, geometry_file_format=None,
                 quality=None, mesh_mode=None, uhd_texture=None, addons=None, seed=None, idempotency_key=None,
                 **fields):
        """POST /api/v2/generate: a prompt (text-to-3D) or 1–5 images (paths, bytes or (name, bytes)).
        Further form fields (quality_override, geometry_instruct_mode, material …) pass through as given."""
        images = _as_list(images)
        if not prompt and not images:
            raise InvalidRequestError("INVALID_REQUEST", "Give a prompt (text-to-3D) or 1 to 5 images (image-to-3D).")
        fields.update(prompt=prompt, tier=tier, texture_mode=texture_mode, geometry_file_format=geometry_file_format,
                      quality=quality, mesh_mode=mesh_mode, uhd_texture=uhd_texture, seed=seed)
        if addons is not None:
            fields["addons"] = json.dumps(_as_list(addons))
        return self._submit("/api/v2/generate", fields, [("images", image) for image in images], idempotency_key)

    def _model_source(self, asset, model, fields, files):
        if (asset is None) == (model is None):
            raise InvalidRequestError(
                "INVALID_REQUEST", "Give exactly one of asset (a Done task or its uuid) or model (a model file).")
        if asset is not None:
            fields["asset_id"] = _uuid_of(asset)
        else:
            files.append(("model", model))

    def bang(self, asset=None, model=None, image=None, prompt=None, strength=None, material=None,
             geometry_file_format=None, idempotency_key=None, **fields):
        """POST /api/v2/bang: split an asset (a Done task) or a model file (obj, glb, stl, fbx, usd…) into
        pieces. A model needs a reference image unless material="None"."""
        files = []
        self._model_source(asset, model, fields, files)
        if image is not None:
            files.append(("image", image))
        fields.update(prompt=prompt, strength=strength, material=material, geometry_file_format=geometry_file_format)
        return self._submit("/api/v2/bang", fields, files, idempotency_key)

    def texture(self, images, asset=None, model=None, prompt=None, texture_mode=None, geometry_file_format=None,
                idempotency_key=None, **fields):
        """POST /api/v2/texture: paint an asset or a model file from 1–5 pictures, keeping its geometry."""
        files = []
        self._model_source(asset, model, fields, files)
        files.extend(("image", image) for image in _as_list(images))
        fields.update(prompt=prompt, texture_mode=texture_mode, geometry_file_format=geometry_file_format)
        return self._submit("/api/v2/texture", fields, files, idempotency_key)

    def convert(self, asset=None, model=None, geometry_file_format=None, idempotency_key=None, **fields):
        """POST /api/v2/convert: another format, face count (quality_override), scale_to, pivot, up_axis …"""
        files = []
        self._model_source(asset, model, fields, files)
        fields["geometry_file_format"] = geometry_file_format
        return self._submit("/api/v2/convert", fields, files, idempotency_key)

    def rig(self, asset=None, model=None, rig_type=None, animations=None, geometry_file_format=None,
            height_meters=None, idempotency_key=None, **fields):
        """POST /api/v2/rig: a skeleton, skin weights and animation clips for a humanoid or four-legged asset
        (a Done task) or model file. rig_type: auto (default), humanoid or quadruped; animations: clip names
        (a list or a comma-separated string; default idle, walk); geometry_file_format: glb (default) or fbx."""
        files = []
        self._model_source(asset, model, fields, files)
        if animations is not None and not isinstance(animations, str):
            animations = ",".join(_as_list(animations))
        fields.update(rig_type=rig_type, animations=animations, geometry_file_format=geometry_file_format,
                      height_meters=height_meters)
        return self._submit("/api/v2/rig", fields, files, idempotency_key)

    # -- reads ----------------------------------------------------------------------------------------

    def status(self, task):
        """POST /api/v2/status: the jobs [{uuid, status, progress, stage?, error?}] of a Task (or of a
        subscription key string)."""
        key = task.subscription_key if isinstance(task, Task) else str(task)
        return self._request("POST", "/api/v2/status", json_body={"subscription_key": key}, repeatable=True)["jobs"]

    def task(self, task):
        """GET /api/v2/tasks/{uuid}: the full record (state, effective settings, jobs, files, error)."""
        return self._request("GET", "/api/v2/tasks/" + urllib.parse.quote(_uuid_of(task)))

    def balance(self):
        """GET /api/v2/check_balance: the credits left on this key's account."""
        return self._request("GET", "/api/v2/check_balance")["balance"]

    def tasks(self, state=None, kind=None, limit=None, cursor=None):
        """GET /api/v2/tasks: one page of this account's tasks, newest first (a TaskPage)."""
        return TaskPage(self._request("GET", "/api/v2/tasks",
                                      query={"state": state, "kind": kind, "limit": limit, "cursor": cursor}))

    def iter_tasks(self, state=None, kind=None, page_size=None):
        """Every task matching the filters, newest first, following next_cursor page by page."""
        cursor = None
        while True:
            page = self.tasks(state=state, kind=kind, limit=page_size, cursor=cursor)
            for record in page.tasks:
                yield record
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    def cancel(self, task):
        """POST /api/v2/tasks/{uuid}/cancel: the record; ConflictError when the task already ended."""
        return self._request("POST", "/api/v2/tasks/%s/cancel" % urllib.parse.quote(_uuid_of(task)))

    def delete(self, task):
        """DELETE /api/v2/tasks/{uuid}: removes outputs and files (the ledger stays); ConflictError while running."""
        self._request("DELETE", "/api/v2/tasks/" + urllib.parse.quote(_uuid_of(task)), expect_json=False)

    # -- waiting --------------------------------------------------------------------------------------

    def wait(self, task, on_progress=None, timeout=None, poll_interval=None, use_events=True):
        """Blocks until the task is Done (returns its record) or Failed (raises TaskFailedError).

        on_progress(event: TaskEvent) is called on every change of status, stage or progress. timeout
        (seconds, None = no limit) raises WaitTimeoutError; the task goes on. The task's event stream is
        followed when the server offers it; otherwise (or after the stream breaks) the record is polled.
        """
        task_uuid = _uuid_of(task)
        deadline = None if timeout is None else time.monotonic() + float(timeout)
        interval = self.poll_interval if poll_interval is None else float(poll_interval)
        tracker = _ProgressTracker(on_progress)
        last_id = None
        while True:
            if use_events:
                try:
                    final, last_id = self._follow_events(task_uuid, tracker, deadline, last_id)
                    if final is not None:
                        return self._finish(task_uuid, final)
                except (_NoEventStream, ConnectionFailedError, ServerError):
                    # The stream is unavailable (older server, proxy buffering, reset): poll instead.
                    use_events = False
                except RateLimitedError:
                    use_events = False  # this key holds too many open streams: poll instead
            if not use_events:
                record = self.task(task_uuid)
                event = _event_from_record(record)
                tracker.report(event)
                if _is_final(event.status):
                    return self._finish(task_uuid, event, record)
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                raise WaitTimeoutError(
                    "Task %s still %s after %.1f s; wait again or raise timeout." % (
                        task_uuid, tracker.last.status if tracker.last else "unknown", float(timeout)),
                    task_uuid, tracker.last)
            # Between polls, and before reconnecting a stream that ended early (the server asks for 2 s).
            pause = interval if not use_events else min(interval, 2.0)
            self._sleep(pause if remaining is None else max(0.0, min(pause, remaining)))

    def _finish(self, task_uuid, event, record=None):
        if event.status != "Done":
            raise TaskFailedError(event.error or "UNKNOWN",
                                  (event.message or "The task failed.") + " (its credits were refunded)",
                                  task_uuid, body=event.data)
        return record if record is not None else self.task(task_uuid)

    def _follow_events(self, task_uuid, tracker, deadline, last_id):
        """Reads the event stream until the final event (returned), the deadline or a quiet spell.
        Returns (final event or None, last event id) so a reconnect resumes where this one stopped."""
        headers = {"Accept": "text/event-stream"}
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        # The server sends a heartbeat comment at least every 15 s; a minute of silence means a dead stream.
        read_timeout = 60.0 if deadline is None else max(0.05, min(60.0, deadline - time.monotonic()))
        path = "/api/v2/tasks/%s/events" % urllib.parse.quote(task_uuid)
        try:
            response = self._open("GET", path, headers=headers, timeout=read_timeout)
        except KilnError as error:
            # A server (or proxy) without the route answers 404/405/501; an unknown task is NO_SUCH_TASK.
            if error.status in (404, 405, 406, 501) and error.code != "NO_SUCH_TASK":
                raise _NoEventStream() from None
            raise
        with response:
            if response.status == 204:  # resumed after the final event: the record tells the outcome
                event = _event_from_record(self.task(task_uuid))
                tracker.report(event)
                return event, last_id
            if "text/event-stream" not in (response.headers.get("Content-Type") or ""):
                raise _NoEventStream()
            kind, data_lines, event_id = None, [], None
            try:
                while True:
                    if deadline is not None:
                        remaining = deadline - time.monotonic()
                        if remaining <= 0:
                            return None, last_id
                        _set_read_timeout(response, min(read_timeout, remaining))
                    line = response.readline()
                    if not line:  # the server closed the stream before a final event: reconnect
                        raise _NoEventStream() if last_id is None and kind is None else _StreamEnded()
                    line = line.decode("utf-8").rstrip("\r\n")
                    if line == "":
                        if data_lines:
                            data = json.loads("\n".join(data_lines))
                            event = TaskEvent(kind or "message", data, event_id)
                            last_id = event_id if event_id is not None else last_id
                            tracker.report(event)
                            if _is_final(event.status):
                                return event, last_id
                        kind, data_lines, event_id = None, [], None
                    elif line.startswith(":"):
                        continue
                    else:
                        name, _, value = line.partition(":")
                        value = value[1:] if value.startswith(" ") else value
                        if name == "event":
                            kind = value
                        elif name == "data":
                            data_lines.append(value)
                        elif name == "id":
                            event_id = value
            except _NETWORK_FAILURES + (TimeoutError,):  # quiet too long, or cut: reconnect after last_id
                return None, last_id
            except _StreamEnded:
                return None, last_id

    # -- downloads ------------------------------------------------------------------------------------

    def download_list(self, task):
        """POST /api/v2/download: [{name, url}] of a Done task's files (signed URLs, no key needed)."""
        body = self._request("POST", "/api/v2/download", json_body={"task_uuid": _uuid_of(task)}, repeatable=True)
        return body["list"]

    def download(self, task, directory, wait=False, on_progress=None, timeout=None):
        """Writes every file of a Done task into `directory` (created if needed); returns their paths.
        With wait=True, waits for the task first; otherwise a task not yet Done raises KilnError."""
        task_uuid = _uuid_of(task)
        if wait:
            self.wait(task_uuid, on_progress=on_progress, timeout=timeout)
        listing = self.download_list(task_uuid)
        if not listing:
            state = self.task(task_uuid).get("state")
            if state == "Done":
                raise KilnError("NO_FILES", "Task %s is Done but its files are gone (expired or deleted)." % task_uuid)
            raise KilnError("NOT_READY", "Task %s is %s, not Done: nothing to download yet; call wait() first." % (
                task_uuid, state))
        os.makedirs(directory, exist_ok=True)
        written = []
        for item in listing:
            name = os.path.basename(item["name"])
            if not name or name in (".", ".."):
                raise KilnError("INVALID_NAME", "The server listed a file without a usable name: %r" % (item,))
            target = os.path.join(directory, name)
            self._with_retries("GET", name, lambda: self._fetch_to(item["url"], target), True)
            written.append(target)
        return written

    def _fetch_to(self, url, target):
        # Written beside the target and renamed, so an interrupted download never leaves a truncated file.
        with self._open("GET", url, authorised=False) as response:
            handle, partial = tempfile.mkstemp(prefix=".kiln-", dir=os.path.dirname(target) or ".")
            try:
                with os.fdopen(handle, "wb") as out:
                    try:
                        shutil.copyfileobj(response, out, 1 << 16)
                    except _NETWORK_FAILURES as failure:  # retried by download(), from the start of the file
                        raise self._unreachable(failure) from None
                os.replace(partial, target)
            except BaseException:
                if os.path.exists(partial):
                    os.remove(partial)
                raise


_NETWORK_FAILURES = (urllib.error.URLError, http.client.HTTPException, socket.timeout, ConnectionError)


class _NoEventStream(Exception):
    pass


class _StreamEnded(Exception):
    pass


def _set_read_timeout(response, seconds):
    # urllib exposes no per-read timeout; the socket under the response takes one.
    try:
        response.fp.raw._sock.settimeout(seconds)
    except AttributeError:
        pass


def _event_from_record(record):
    """A TaskEvent summarising a polled task record (its least advanced job leads)."""
    state = record.get("state")
    jobs = record.get("jobs") or []
    if state == "Done":
        progress = 100
    elif jobs:
        progress = min(job.get("progress") or 0 for job in jobs)
    else:
        progress = 0
    stage = next((job.get("stage") for job in jobs if job.get("status") != "Done" and job.get("stage")), None)
    error = record.get("error") or {}
    if not isinstance(error, dict):
        error = {"code": str(error)}
    data = {"status": state, "progress": progress, "stage": stage,
            "error": error.get("code"), "message": error.get("message"), "task_uuid": record.get("uuid")}
    return TaskEvent("poll", data)


class _ProgressTracker:
    """Calls on_progress once per change of (status, stage, progress), never with progress going back."""

    def __init__(self, on_progress):
        self.on_progress = on_progress
        self.last = None
        self._seen = None

    def report(self, event):
        if self.last is not None and event.status == self.last.status and event.progress < self.last.progress:
            event.progress = self.last.progress
        key = (event.status, event.stage, event.progress)
        self.last = event
        if key != self._seen:
            self._seen = key
            if self.on_progress is not None:
                self.on_progress(event)
