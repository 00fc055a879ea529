"""The client's handling of what a live Kiln rarely shows on cue: a 5xx with and without Retry-After,
a submission retried under the same Idempotency-Key, an event stream that drops and is resumed with
Last-Event-ID, and a server without the event stream. A scripted HTTP server on 127.0.0.1 (port 0)
plays each exchange; the live behaviour of every verb is in test_kiln_client.py.
"""

import json
import os
import sys
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import kiln_client  # noqa: E402
from kiln_client import Kiln  # noqa: E402

TASK = "6f0c0000-0000-4000-8000-000000000001"
RECORD = {"uuid": TASK, "state": "Done", "jobs": [{"status": "Done", "progress": 100}], "files": []}


class Script(BaseHTTPRequestHandler):
    """Answers from the test's queue of (method, path) → handler, in order; records every request."""

    def log_message(self, *args):
        pass

    def handle_one(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        # self.headers looks names up case-insensitively, as HTTP does (urllib sends "Last-event-id").
        self.server.seen.append((self.command, self.path, self.headers, body))
        path = self.path.split("?")[0]
        for index, (method, expected, answer) in enumerate(self.server.script):
            if method == self.command and path == expected:
                del self.server.script[index]
                return answer(self)
        self.reply(404, {"error": "INVALID_REQUEST", "message": "No endpoint %s %s" % (self.command, self.path)})

    do_GET = do_POST = do_DELETE = handle_one

    def reply(self, status, body, headers=None):
        raw = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(raw)

    def stream(self, frames):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(b"retry: 2000\n\n")
        for event_id, kind, data in frames:
            self.wfile.write(("id: %s\nevent: %s\ndata: %s\n\n" % (event_id, kind, json.dumps(data))).encode())
        self.wfile.flush()
        self.close_connection = True


def answer(status, body, headers=None):
    return lambda handler: handler.reply(status, body, headers)


def frames(*items):
    return lambda handler: handler.stream(items)


class ScriptedServerTest(unittest.TestCase):
    def setUp(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Script)
        self.server.script, self.server.seen = [], []
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.waits = []
        self.kiln = Kiln("http://127.0.0.1:%d" % self.server.server_port, "kiln_test_key", sleep=self.waits.append)

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def script(self, *steps):
        self.server.script.extend(steps)


class Retries(ScriptedServerTest):
    def test_a_503_waits_its_retry_after_then_succeeds(self):
        self.script(("GET", "/api/v2/check_balance", answer(503, {"error": "UNKNOWN", "message": "busy"},
                                                           {"Retry-After": "3"})),
                    ("GET", "/api/v2/check_balance", answer(200, {"balance": 7.5})))
        self.assertEqual(self.kiln.balance(), 7.5)
        self.assertEqual(self.waits, [3.0])
        self.assertEqual(self.kiln.retry_log, [("GET", "/api/v2/check_balance", 503, 3.0)])

    def test_without_retry_after_the_back_off_doubles_with_jitter(self):
        for _ in range(3):
            self.script(("GET", "/api/v2/check_balance", answer(502, {"message": "bad gateway"})))
        self.script(("GET", "/api/v2/check_balance", answer(200, {"balance": 1})))
        self.assertEqual(self.kiln.balance(), 1)
        for wait, base in zip(self.waits, (0.5, 1.0, 2.0)):
            self.assertGreaterEqual(wait, base)
            self.assertLessEqual(wait, base * 1.25)

    def test_engine_unavailable_is_configuration_and_not_retried(self):
        self.script(("POST", "/api/v2/bang", answer(503, {"error": "ENGINE_UNAVAILABLE", "message": "no bang"})))
        with self.assertRaises(kiln_client.ServerError) as caught:
            self.kiln.bang(asset=TASK)
        self.assertEqual(caught.exception.code, "ENGINE_UNAVAILABLE")
        self.assertEqual(self.waits, [])

    def test_a_retried_submission_keeps_its_idempotency_key(self):
        accepted = {"uuid": TASK, "jobs": {"uuids": [TASK], "subscription_key": "k"}, "consumed": 0.5}
        self.script(("POST", "/api/v2/generate", answer(500, {"error": "UNKNOWN", "message": "oops"})),
                    ("POST", "/api/v2/generate", answer(201, accepted)))
        self.assertEqual(self.kiln.generate(prompt="a cup").uuid, TASK)
        keys = [headers.get("Idempotency-Key") for _, _, headers, _ in self.server.seen]
        self.assertEqual(len(keys), 2)
        self.assertTrue(keys[0])
        self.assertEqual(keys[0], keys[1])

    def test_retries_end_with_the_last_error(self):
        for _ in range(3):
            self.script(("GET", "/api/v2/check_balance", answer(429, {"error": "RATE_LIMITED", "message": "slow"},
                                                               {"Retry-After": "1"})))
        self.kiln.max_retries = 2
        with self.assertRaises(kiln_client.RateLimitedError) as caught:
            self.kiln.balance()
        self.assertEqual((caught.exception.code, caught.exception.retry_after), ("RATE_LIMITED", 1.0))
        self.assertEqual(self.waits, [1.0, 1.0])


class EventStream(ScriptedServerTest):
    def test_a_dropped_stream_is_resumed_after_the_last_event(self):
        self.script(
            ("GET", "/api/v2/tasks/%s/events" % TASK, frames(
                (11, "waiting", {"status": "Waiting", "position": 2}),
                (12, "progress", {"status": "Generating", "stage": "mesh", "progress": 30}))),
            ("GET", "/api/v2/tasks/%s/events" % TASK, frames(
                (13, "progress", {"status": "Generating", "stage": "texture", "progress": 60}),
                (14, "done", {"status": "Done", "progress": 100, "list": []}))),
            ("GET", "/api/v2/tasks/%s" % TASK, answer(200, RECORD)))
        events = []
        self.assertEqual(self.kiln.wait(TASK, on_progress=events.append)["state"], "Done")
        self.assertEqual([(e.id, e.status, e.progress) for e in events],
                         [("11", "Waiting", 0), ("12", "Generating", 30), ("13", "Generating", 60),
                          ("14", "Done", 100)])
        self.assertEqual(events[0].position, 2)
        streams = [headers for method, path, headers, _ in self.server.seen if path.endswith("/events")]
        self.assertNotIn("Last-Event-ID", streams[0])
        self.assertEqual(streams[1].get("Last-Event-ID"), "12")

    def test_a_failed_event_raises_with_its_code(self):
        self.script(("GET", "/api/v2/tasks/%s/events" % TASK, frames(
            (21, "failed", {"status": "Failed", "error": "API_OBJECT_NOT_FOUND_ON_IMAGE", "message": "no object"}))))
        with self.assertRaises(kiln_client.TaskFailedError) as caught:
            self.kiln.wait(TASK)
        self.assertEqual(caught.exception.code, "API_OBJECT_NOT_FOUND_ON_IMAGE")
        self.assertIn("no object", caught.exception.message)

    def test_a_server_without_the_stream_is_polled(self):
        running = dict(RECORD, state="Generating", jobs=[{"status": "Generating", "progress": 40, "stage": "uv"}])
        self.script(("GET", "/api/v2/tasks/%s" % TASK, answer(200, running)),
                    ("GET", "/api/v2/tasks/%s" % TASK, answer(200, RECORD)))
        events = []
        self.assertEqual(self.kiln.wait(TASK, on_progress=events.append, poll_interval=0.5)["state"], "Done")
        self.assertEqual([(e.status, e.progress, e.stage) for e in events],
                         [("Generating", 40, "uv"), ("Done", 100, None)])
        self.assertEqual(self.waits, [0.5], "one poll interval between the two reads")


if __name__ == "__main__":
    unittest.main()
