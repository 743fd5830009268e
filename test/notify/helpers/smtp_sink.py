"""A real SMTP server on loopback for the tests (Debian python3-aiosmtpd).

Accepts every message (except for recipients starting with "busy", which get a temporary
451 so senders must retry, and those starting with "nobody", refused for good with 550) and serves what it received as JSON over HTTP, so tests running
inside workerd can read it. Prints {"smtp": port, "http": port} on its first line.
"""
import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from aiosmtpd.controller import Controller

received = []
lock = threading.Lock()


class Sink:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower().startswith("busy"):
            return "451 4.3.0 Mailbox busy, try again later"
        if address.lower().startswith("nobody"):
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with lock:
            received.append({
                "from": envelope.mail_from,
                "to": envelope.rcpt_tos,
                "data": envelope.original_content.decode("utf-8", "replace"),
            })
        return "250 Message accepted"


class Api(BaseHTTPRequestHandler):
    def do_GET(self):
        with lock:
            body = json.dumps(received).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


smtp_port = free_port()
controller = Controller(Sink(), hostname="127.0.0.1", port=smtp_port)
controller.start()
http = ThreadingHTTPServer(("127.0.0.1", 0), Api)
print(json.dumps({"smtp": smtp_port, "http": http.server_address[1]}), flush=True)
try:
    http.serve_forever()
finally:
    controller.stop()
