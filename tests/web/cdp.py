"""cdp.py: Debian's chromium, headless, driven over the DevTools protocol on
a pipe (--remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4),
so that nothing but the Python standard library is needed. One browser for
a whole suite; pages are navigated, awaited, evaluated and photographed.
"""
import base64, json, os, shutil, subprocess, tempfile, time


class CdpError(Exception):
    pass


class Browser:
    def __init__(self, width=1280, height=1600):
        exe = shutil.which('chromium') or shutil.which('chromium-browser')
        if not exe:
            raise CdpError('chromium not found (scripts/deps.sh browser)')
        self.profile = tempfile.mkdtemp(prefix='cs-chromium-')
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        args = [exe, '--headless=new', '--remote-debugging-pipe', '--no-sandbox',
                '--disable-gpu', '--no-first-run', '--no-default-browser-check',
                '--disable-extensions', '--disable-background-networking',
                '--disable-component-update', '--disable-sync', '--mute-audio',
                '--hide-scrollbars', f'--user-data-dir={self.profile}',
                f'--window-size={width},{height}', 'about:blank']

        def fds():  # the pipe ends chromium expects on 3 and 4 (kept: pass_fds)
            import fcntl
            r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.proc = subprocess.Popen(args, pass_fds=(3, 4),
                                     preexec_fn=fds, stdout=subprocess.DEVNULL,
                                     stderr=open(os.path.join(self.profile, 'stderr'), 'wb'))
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buf = b''
        self.next_id = 0
        self.events = []
        self.width, self.height = width, height
        targets = self.call('Target.getTargets')['targetInfos']
        page = next(t for t in targets if t['type'] == 'page')
        self.session = self.call('Target.attachToTarget', targetId=page['targetId'], flatten=True)['sessionId']
        for m in ('Page.enable', 'Runtime.enable', 'Network.enable'):
            self.call(m, session=True)
        self.call('Emulation.setDeviceMetricsOverride', session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def _read(self, timeout):
        end = time.time() + timeout
        while b'\0' not in self.buf:
            if time.time() > end:
                raise CdpError('no answer from chromium in %.0f s' % timeout)
            import select
            r, _, _ = select.select([self.from_chrome], [], [], 0.5)
            if r:
                chunk = os.read(self.from_chrome, 1 << 20)
                if not chunk:
                    raise CdpError('chromium closed its pipe: ' + self.stderr_tail())
                self.buf += chunk
        msg, self.buf = self.buf.split(b'\0', 1)
        return json.loads(msg)

    def call(self, method, session=False, timeout=60, **params):
        self.next_id += 1
        msg = {'id': self.next_id, 'method': method, 'params': params}
        if session:
            msg['sessionId'] = self.session
        os.write(self.to_chrome, json.dumps(msg).encode() + b'\0')
        while True:
            m = self._read(timeout)
            if m.get('id') == self.next_id:
                if 'error' in m:
                    raise CdpError('%s: %s' % (method, m['error'].get('message')))
                return m.get('result', {})
            self.events.append(m)

    def evaluate(self, expr, timeout=60):
        r = self.call('Runtime.evaluate', session=True, timeout=timeout, expression=expr,
                      awaitPromise=True, returnByValue=True)
        if 'exceptionDetails' in r:
            d = r['exceptionDetails']
            raise CdpError('in the page: %s' % (d.get('exception', {}).get('description') or d.get('text')))
        return r['result'].get('value')

    def navigate(self, url, until=('ready', 'done', 'error'), timeout=60):
        """Load url; wait until body[data-state] is one of 'until'."""
        self.events = []
        self.call('Page.navigate', session=True, url=url)
        end = time.time() + timeout
        state = None
        while time.time() < end:
            time.sleep(0.2)
            try:
                state = self.evaluate('document.body ? document.body.dataset.state : null', timeout=10)
            except CdpError:
                continue  # the old document is going away
            if state in until:
                return state
        raise CdpError('%s: still %r after %d s' % (url, state, timeout))

    def viewport(self, width, height=None, mobile=False):
        """The window's size in CSS pixels (a phone: mobile=True)."""
        self.call('Emulation.setDeviceMetricsOverride', session=True, width=width, height=height or self.height,
                  deviceScaleFactor=1, mobile=mobile)

    def scheme(self, name):
        """prefers-color-scheme as the system would say it: 'light' or 'dark'."""
        self.call('Emulation.setEmulatedMedia', session=True, features=[{'name': 'prefers-color-scheme', 'value': name}])

    def key(self, key, code=None, keycode=0, shift=False):
        """One key pressed and released, as a person's keyboard sends it."""
        mod = 8 if shift else 0
        for t in ('rawKeyDown', 'keyUp'):
            self.call('Input.dispatchKeyEvent', session=True, type=t, key=key, code=code or key,
                      windowsVirtualKeyCode=keycode, modifiers=mod)

    def on_new_document(self, source):
        """source runs first in every document from now on; returns its id for forget()."""
        return self.call('Page.addScriptToEvaluateOnNewDocument', session=True, source=source)['identifier']

    def forget(self, ident):
        self.call('Page.removeScriptToEvaluateOnNewDocument', session=True, identifier=ident)

    def requested(self):
        """URLs the page asked the network for since the last navigate."""
        return [e['params']['request']['url'] for e in self.events
                if e.get('method') == 'Network.requestWillBeSent']

    def screenshot(self, selector, max_height=None):
        """PNG bytes of the element matching selector (scrolled into view),
        its top max_height pixels when given."""
        box = self.evaluate('(() => { const e = document.querySelector(%s); e.scrollIntoView();'
                            ' const r = e.getBoundingClientRect();'
                            ' return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()'
                            % json.dumps(selector))
        x, y, w, h = box
        h = min(h, max_height) if max_height else h
        shot = self.call('Page.captureScreenshot', session=True, format='png', captureBeyondViewport=True,
                         clip={'x': x, 'y': y, 'width': w, 'height': h, 'scale': 1})
        return base64.b64decode(shot['data'])

    def stderr_tail(self):
        try:
            return open(os.path.join(self.profile, 'stderr'), 'rb').read()[-600:].decode(errors='replace')
        except OSError:
            return ''

    def close(self):
        try:
            self.call('Browser.close', timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.to_chrome)
        os.close(self.from_chrome)
        shutil.rmtree(self.profile, ignore_errors=True)
