"""Jobs: each submits, follows and downloads one Kiln task on a background thread (network only, no
bpy), then hands the downloaded files to the main thread, where a bpy.app.timers callback imports them.
Blender's data may only be touched on the main thread; the thread never does."""

import tempfile
import threading
import time

import bpy

from .client import KilnError

# Seconds between two runs of the main-thread timer while jobs are active (progress redraw, imports).
TICK_SECONDS = 0.25
# Longest a job follows its task before giving up (the task goes on on the server).
JOB_TIMEOUT_SECONDS = 3600


class Job:
    """One task's journey: Submitting → Waiting/Generating → Downloaded → Imported | Failed."""

    def __init__(self, label, submit, on_files, kiln):
        self.id = "%x" % int(time.time() * 1e6)
        self.label = label
        self.status = "Submitting"
        self.stage = None
        self.progress = 0
        self.error = None
        self.task_uuid = None
        self.files = []
        self.objects = []
        self._submit = submit
        self._on_files = on_files
        self._kiln = kiln
        self.directory = tempfile.mkdtemp(prefix="kiln-blender-")

    @property
    def active(self):
        return self.status not in ("Imported", "Failed", "Cancelled")

    def summary(self):
        if self.error:
            return "%s: %s" % (self.status, self.error)
        stage = " · %s" % self.stage if self.stage and self.status == "Generating" else ""
        return "%s %d%%%s" % (self.status, self.progress, stage)

    def run(self):
        """The background half: submit, wait with progress, download. Never touches bpy."""
        try:
            task = self._submit(self._kiln)
            self.task_uuid = task.uuid
            self.status = "Waiting"
            self._kiln.wait(task, on_progress=self._on_event, timeout=JOB_TIMEOUT_SECONDS)
            self.status, self.stage = "Downloading", None
            self.files = self._kiln.download(task, self.directory)
            self.status = "Downloaded"
        except KilnError as error:
            self.error = "%s %s" % (error.code, error.message) if error.code else error.message
            self.status = "Cancelled" if self.status == "Cancelling" else "Failed"
        except Exception as error:  # noqa: BLE001 - shown in the panel rather than lost on a thread
            self.error = repr(error)
            self.status = "Failed"

    def _on_event(self, event):
        if self.status != "Cancelling":
            self.status = event.status or self.status
        self.stage = event.stage
        self.progress = int(event.progress or 0)

    def cancel(self):
        """Asks the server to cancel the task; the job ends when the task does."""
        if not self.task_uuid or not self.active:
            return
        self.status = "Cancelling"
        threading.Thread(target=self._cancel_on_server, daemon=True).start()

    def _cancel_on_server(self):
        try:
            self._kiln.cancel(self.task_uuid)
        except KilnError as error:
            self.error = "cancel refused: %s %s" % (error.code, error.message)

    def finish_on_main_thread(self):
        """The main-thread half: import the downloaded files."""
        try:
            self.objects = [obj.name for obj in self._on_files(self)]
            self.status, self.progress = "Imported", 100
        except Exception as error:  # noqa: BLE001
            self.error = "import failed: %r" % (error,)
            self.status = "Failed"


class JobManager:
    def __init__(self):
        self.jobs = []

    def start(self, label, submit, on_files, kiln):
        job = Job(label, submit, on_files, kiln)
        self.jobs.append(job)
        threading.Thread(target=job.run, name="kiln-" + job.id, daemon=True).start()
        if not bpy.app.timers.is_registered(tick):
            bpy.app.timers.register(tick, first_interval=TICK_SECONDS, persistent=True)
        return job

    def find(self, job_id):
        return next((job for job in self.jobs if job.id == job_id), None)

    def dismiss(self, job_id):
        self.jobs = [job for job in self.jobs if job.id != job_id or job.active]

    @property
    def busy(self):
        return any(job.active for job in self.jobs)

    def tick(self):
        """Imports what finished downloading; returns True while any job is still running."""
        for job in self.jobs:
            if job.status == "Downloaded":
                job.finish_on_main_thread()
        return self.busy

    def stop(self):
        if bpy.app.timers.is_registered(tick):
            bpy.app.timers.unregister(tick)


MANAGER = JobManager()


def _redraw_panels():
    for window in getattr(bpy.context.window_manager, "windows", []):
        for area in window.screen.areas:
            if area.type == "VIEW_3D":
                area.tag_redraw()


def tick():
    """bpy.app.timers callback: progress redraw and imports on the main thread."""
    busy = MANAGER.tick()
    _redraw_panels()
    return TICK_SECONDS if busy else None


def run_until_idle(timeout, on_tick=None):
    """For scripts and background mode, where timers do not fire: drives the same tick until every job
    ends (on_tick(jobs) after each); raises TimeoutError naming the jobs still running after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        busy = MANAGER.tick()
        if on_tick is not None:
            on_tick(MANAGER.jobs)
        if not busy:
            return MANAGER.jobs
        if time.monotonic() > deadline:
            raise TimeoutError("Kiln jobs still running after %d s: %s" % (
                timeout, [(job.label, job.summary()) for job in MANAGER.jobs if job.active]))
        time.sleep(TICK_SECONDS)
