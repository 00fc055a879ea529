"""The Python client against a live Kiln (started by test/clients/python.test.ts, which sets the env).

KILN_URL / KILN_API_KEY: a server whose engines take about a second per task, with credits to spend.
KILN_POOR_KEY: a key of the same server with no credits. KILN_THROTTLED_URL / KILN_THROTTLED_KEY: a
server that allows one task in flight per key, so a second submission is refused with 429.
"""

import os
import struct
import sys
import tempfile
import unittest
import uuid
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import kiln_client  # noqa: E402
from kiln_client import Kiln  # noqa: E402

URL = os.environ.get("KILN_URL")
KEY = os.environ.get("KILN_API_KEY")


def png(width=64, height=64, rgb=(200, 60, 40)):
    """A real PNG: a coloured disc on white, written with zlib (no imaging library in the stdlib)."""
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (width / 3) ** 2
            row.extend(rgb if inside else (255, 255, 255))
        rows.append(bytes(row))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows)))
            + chunk(b"IEND", b""))


CUBE_OBJ = "\n".join(
    ["v %d %d %d" % (x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    + ["f 1 3 4 2", "f 5 6 8 7", "f 1 2 6 5", "f 3 7 8 4", "f 1 5 7 3", "f 2 4 8 6"]
).encode() + b"\n"


@unittest.skipUnless(URL and KEY, "KILN_URL and KILN_API_KEY name a live Kiln (npm test -- clients/python sets them)")
class LiveKilnTest(unittest.TestCase):
    def setUp(self):
        self.kiln = Kiln(URL, KEY, poll_interval=0.1)
        self.dir = tempfile.mkdtemp(prefix="kiln-py-")

    def wait_done(self, task, **options):
        record = self.kiln.wait(task, timeout=120, **options)
        self.assertEqual(record["state"], "Done")
        return record


class SubmitWaitDownload(LiveKilnTest):
    def test_generate_from_a_prompt_reports_progress_then_downloads_every_file(self):
        before = self.kiln.balance()
        task = self.kiln.generate(prompt="a small wooden stool", tier="Gen-2.5-Low")
        self.assertEqual(task.consumed, 0.5)
        self.assertTrue(task.subscription_key and task.job_uuids)
        self.assertAlmostEqual(self.kiln.balance(), before - 0.5)

        events = []
        record = self.wait_done(task, on_progress=events.append)
        statuses = [event.status for event in events]
        self.assertEqual(statuses[-1], "Done")
        self.assertIn("Generating", statuses)
        self.assertTrue(any(event.stage == "texture" for event in events), [repr(e) for e in events])
        progress = [event.progress for event in events]
        self.assertEqual(progress, sorted(progress), "progress never goes back")
        self.assertEqual(progress[-1], 100)
        self.assertIn(events[0].kind, ("waiting", "started", "progress"), "events came from the event stream")

        paths = self.kiln.download(task, self.dir)
        names = sorted(os.path.basename(path) for path in paths)
        self.assertEqual(names, sorted(f["name"] for f in record["files"]))
        with open(os.path.join(self.dir, "base_basic_pbr.glb"), "rb") as glb:
            self.assertEqual(glb.read(4), b"glTF")
        with open(os.path.join(self.dir, "preview.webp"), "rb") as preview:
            head = preview.read(12)
            self.assertEqual((head[:4], head[8:]), (b"RIFF", b"WEBP"))
        self.assertEqual([name for name in os.listdir(self.dir) if name.startswith(".kiln-")], [],
                         "no partial files left behind")

    def test_generate_from_images_sends_every_setting(self):
        task = self.kiln.generate(images=[png(), ("side.png", png(rgb=(40, 90, 200)))], tier="Gen-2.5-High",
                                  uhd_texture=True, addons=["HighPack"], seed=7)
        record = self.wait_done(task)
        self.assertEqual(record["effective"]["tier"], "Gen-2.5-High")
        self.assertEqual(record["effective"]["texture_resolution"], "8K", "HighPack + uhd_texture reached the server")
        self.assertEqual(task.consumed, 0.5)

    def test_status_by_task_and_by_subscription_key(self):
        task = self.kiln.generate(prompt="a teapot")
        jobs = self.kiln.status(task)
        self.assertEqual([job["uuid"] for job in jobs], task.job_uuids)
        self.assertIn(jobs[0]["status"], ("Waiting", "Generating", "Done"))
        self.wait_done(task)
        self.assertEqual(self.kiln.status(task.subscription_key)[0]["status"], "Done")
        self.assertEqual(self.kiln.task(task.uuid)["subscription_key"], task.subscription_key)

    def test_polling_fallback_reports_the_same_journey(self):
        task = self.kiln.generate(prompt="a lamp")
        events = []
        self.wait_done(task, on_progress=events.append, use_events=False)
        self.assertTrue(all(event.kind == "poll" for event in events))
        self.assertEqual(events[-1].status, "Done")
        self.assertGreaterEqual(len(events), 2, "progress seen while polling")

    def test_wait_times_out_while_the_task_goes_on(self):
        task = self.kiln.generate(prompt="a bench")
        with self.assertRaises(kiln_client.WaitTimeoutError) as caught:
            self.kiln.wait(task, timeout=0.3)
        self.assertEqual(caught.exception.code, "TIMEOUT")
        self.assertEqual(caught.exception.task_uuid, task.uuid)
        self.assertIn(caught.exception.last_event.status, ("Waiting", "Generating"))
        with self.assertRaises(kiln_client.WaitTimeoutError):
            self.kiln.wait(task, timeout=0.2, use_events=False)
        self.wait_done(task)

    def test_a_failed_task_raises_with_its_code_and_is_refunded(self):
        before = self.kiln.balance()
        task = self.kiln.generate(prompt="a vase [fail]")
        with self.assertRaises(kiln_client.TaskFailedError) as caught:
            self.kiln.wait(task, timeout=120)
        self.assertEqual(caught.exception.code, "INVALID_REQUEST")
        self.assertEqual(caught.exception.task_uuid, task.uuid)
        self.assertAlmostEqual(self.kiln.balance(), before)
        with self.assertRaises(kiln_client.KilnError) as not_ready:
            self.kiln.download(task, self.dir)
        self.assertEqual(not_ready.exception.code, "NOT_READY")


class ModelVerbs(LiveKilnTest):
    def generated(self):
        task = self.kiln.generate(prompt="a crate")
        self.wait_done(task)
        return task

    def test_bang_an_asset_and_an_uploaded_model(self):
        source = self.generated()
        from_asset = self.kiln.bang(asset=source, strength=3)
        self.assertEqual(from_asset.consumed, 0.5)
        self.assertIsNone(from_asset.prompt)
        record = self.wait_done(from_asset)
        self.assertEqual(record["effective"]["mode"], "asset")
        self.assertEqual(record["effective"]["asset_id"], source.uuid)
        self.assertEqual(record["effective"]["strength"], 3)

        from_model = self.kiln.bang(model=("cube.obj", CUBE_OBJ), material="None", strength=2)
        record = self.wait_done(from_model)
        self.assertEqual(record["effective"]["mode"], "custom")
        paths = self.kiln.download(from_model, self.dir)
        self.assertIn("base_basic_pbr.glb", [os.path.basename(path) for path in paths])

    def test_texture_and_convert(self):
        source = self.generated()
        model_path = os.path.join(self.dir, "cube.obj")
        with open(model_path, "wb") as out:
            out.write(CUBE_OBJ)
        painted = self.kiln.texture(images=[png()], model=model_path)
        self.assertEqual(painted.consumed, 0.5)
        self.assertEqual(self.wait_done(painted)["kind"], "texture")

        converted = self.kiln.convert(asset=source, geometry_file_format="obj")
        self.assertEqual(converted.consumed, 0.1)
        record = self.wait_done(converted)
        self.assertEqual(record["kind"], "convert")
        self.assertEqual(record["effective"]["geometry_file_format"], "obj")

    def test_rig_an_asset_with_clips_as_a_list(self):
        source = self.generated()
        rigged = self.kiln.rig(asset=source, animations=["idle", "walk"], rig_type="humanoid")
        self.assertEqual(rigged.consumed, 0.5)
        self.assertIsNone(rigged.prompt)
        record = self.wait_done(rigged)
        self.assertEqual(record["kind"], "rig")
        self.assertEqual(record["effective"]["asset_id"], source.uuid)


class Refusals(LiveKilnTest):
    def test_every_refusal_is_a_typed_error_carrying_the_catalogue_code(self):
        with self.assertRaises(kiln_client.AuthenticationError) as bad_key:
            Kiln(URL, "kiln_not_a_key").balance()
        self.assertEqual((bad_key.exception.code, bad_key.exception.status), ("UNAUTHORIZED", 401))

        with self.assertRaises(kiln_client.NotFoundError) as unknown:
            self.kiln.task(str(uuid.uuid4()))
        self.assertEqual(unknown.exception.code, "NO_SUCH_TASK")

        with self.assertRaises(kiln_client.InvalidRequestError) as bad_tier:
            self.kiln.generate(prompt="a cup", tier="Gen-9")
        self.assertEqual((bad_tier.exception.code, bad_tier.exception.status), ("INVALID_REQUEST", 400))
        self.assertIn("tier", bad_tier.exception.message)

        with self.assertRaises(kiln_client.InvalidRequestError) as no_image:
            self.kiln.bang(model=("cube.obj", CUBE_OBJ))
        self.assertEqual(no_image.exception.code, "INVALID_REQUEST")

    @unittest.skipUnless(os.environ.get("KILN_POOR_KEY"), "KILN_POOR_KEY names a key without credits")
    def test_a_key_without_credits_gets_insufficient_fund(self):
        poor = Kiln(URL, os.environ["KILN_POOR_KEY"])
        with self.assertRaises(kiln_client.InsufficientFundsError) as refused:
            poor.generate(prompt="a cup")
        self.assertEqual((refused.exception.code, refused.exception.status), ("INSUFFICIENT_FUND", 201))
        self.assertEqual(poor.retry_log, [], "a refusal that retrying cannot change is not retried")

    def test_refused_before_sending_when_the_call_cannot_be_right(self):
        with self.assertRaises(kiln_client.InvalidRequestError):
            self.kiln.generate()
        with self.assertRaises(kiln_client.InvalidRequestError):
            self.kiln.bang(asset="x", model=("a.obj", CUBE_OBJ))
        with self.assertRaises(TypeError):
            Kiln(URL, KEY, retries=3)

    def test_the_key_never_shows(self):
        self.assertNotIn(KEY, repr(self.kiln))
        try:
            Kiln("http://127.0.0.1:9", KEY, max_retries=0).balance()
        except kiln_client.ConnectionFailedError as error:
            self.assertEqual(error.code, "CONNECTION_FAILED")
            self.assertNotIn(KEY, str(error))
        else:
            self.fail("port 9 answered")

    def test_an_idempotency_key_replays_the_first_answer_and_charges_once(self):
        before = self.kiln.balance()
        key = str(uuid.uuid4())
        first = self.kiln.generate(prompt="a chair", idempotency_key=key)
        again = self.kiln.generate(prompt="a chair", idempotency_key=key)
        self.assertEqual(again.uuid, first.uuid)
        self.assertAlmostEqual(self.kiln.balance(), before - 0.5)
        with self.assertRaises(kiln_client.InvalidRequestError) as reused:
            self.kiln.generate(prompt="a table", idempotency_key=key)
        self.assertEqual(reused.exception.code, "IDEMPOTENCY_KEY_REUSED")
        self.wait_done(first)


@unittest.skipUnless(os.environ.get("KILN_THROTTLED_URL"), "KILN_THROTTLED_URL names a server with one task in flight")
class Throttling(unittest.TestCase):
    def test_a_429_is_retried_after_the_servers_retry_after(self):
        kiln = Kiln(os.environ["KILN_THROTTLED_URL"], os.environ["KILN_THROTTLED_KEY"], poll_interval=0.1)
        before = kiln.balance()
        first = kiln.generate(prompt="a mug")
        # The first task holds the key's only slot for about a second: this one is refused with 429 and
        # Retry-After, waits as told, and goes through once the slot is free.
        second = kiln.generate(prompt="a bowl")
        # One retry when the first task ends within the 5 s; more on a machine busy enough to slow it.
        self.assertGreaterEqual(len(kiln.retry_log), 1)
        for retry in kiln.retry_log:
            # 5 s is the Retry-After of API_PARALLELISM_LIMIT_REACHED: honoured instead of the 0.5 s back-off.
            self.assertEqual(retry, ("POST", "/api/v2/generate", 429, 5.0))
        self.assertNotEqual(first.uuid, second.uuid)
        self.assertEqual(kiln.wait(second, timeout=60)["state"], "Done")
        self.assertEqual(kiln.wait(first, timeout=60)["state"], "Done")
        self.assertAlmostEqual(kiln.balance(), before - 1.0, msg="two tasks, two charges: the retry was not charged")

    def test_retries_give_up_with_the_code_when_told_to(self):
        patient = Kiln(os.environ["KILN_THROTTLED_URL"], os.environ["KILN_THROTTLED_KEY"])
        first = patient.generate(prompt="a jug")
        waits = []
        kiln = Kiln(os.environ["KILN_THROTTLED_URL"], os.environ["KILN_THROTTLED_KEY"], max_retries=2,
                    sleep=waits.append)
        with self.assertRaises(kiln_client.RateLimitedError) as caught:
            kiln.generate(prompt="a pan")
        self.assertEqual(caught.exception.code, "API_PARALLELISM_LIMIT_REACHED")
        self.assertEqual(caught.exception.status, 429)
        self.assertEqual(waits, [5.0, 5.0])
        patient.wait(first, timeout=60)


class TaskManagement(LiveKilnTest):
    """GET /api/v2/tasks, cancel and delete (issue 32's task-management API)."""

    def setUp(self):
        super().setUp()
        try:
            self.kiln.tasks(limit=1)
        except kiln_client.KilnError as error:
            if error.status == 404 and "No endpoint" in error.message:
                self.skipTest("this server has no task-management endpoints yet (GET /api/v2/tasks)")
            raise

    def test_list_filters_and_pages_newest_first(self):
        made = [self.kiln.convert(model=("cube.obj", CUBE_OBJ)) for _ in range(3)]
        for task in made:
            self.wait_done(task)
        page = self.kiln.tasks(kind="convert", limit=2)
        self.assertEqual(len(page.tasks), 2)
        self.assertTrue(page.next_cursor)
        listed = [record["uuid"] for record in self.kiln.iter_tasks(kind="convert", page_size=2)]
        self.assertEqual(listed[:3], [task.uuid for task in reversed(made)])
        self.assertTrue(all(record["kind"] == "convert" for record in self.kiln.iter_tasks(kind="convert")))
        done = self.kiln.tasks(state="Done", limit=50).tasks
        self.assertTrue(all(record["state"] == "Done" for record in done))

    def test_cancel_refunds_and_refuses_an_ended_task(self):
        before = self.kiln.balance()
        task = self.kiln.generate(prompt="a kettle")
        record = self.kiln.cancel(task)
        self.assertEqual(record["uuid"], task.uuid)
        with self.assertRaises(kiln_client.TaskFailedError):
            self.kiln.wait(task, timeout=60)
        self.assertAlmostEqual(self.kiln.balance(), before)
        with self.assertRaises(kiln_client.ConflictError) as ended:
            self.kiln.cancel(task)
        self.assertEqual(ended.exception.status, 409)
        with self.assertRaises(kiln_client.NotFoundError):
            self.kiln.cancel(str(uuid.uuid4()))

    def test_delete_removes_the_files_and_refuses_a_running_task(self):
        running = self.kiln.generate(prompt="a spoon")
        with self.assertRaises(kiln_client.ConflictError):
            self.kiln.delete(running)
        self.wait_done(running)
        before = self.kiln.balance()
        self.kiln.delete(running)
        with self.assertRaises(kiln_client.KilnError):
            self.kiln.download(running, self.dir)
        self.assertAlmostEqual(self.kiln.balance(), before, msg="delete keeps the ledger")


if __name__ == "__main__":
    unittest.main()
