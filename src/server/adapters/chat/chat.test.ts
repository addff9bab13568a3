import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startChatFake, type ChatFake } from './fake.js';
import { ChatWebhookError, createChatNotifier } from './index.js';

const URGENT = {
  title: 'Urgent: Smith Plumbing <site down>',
  text: 'My website is down & customers\ncannot book.',
  url: 'https://agency.test/admin/support/42?tab=a|b',
};

let fake: ChatFake;
beforeEach(async () => {
  fake = await startChatFake();
});
afterEach(async () => {
  await fake.close();
});

describe('chat notifications through incoming webhooks', () => {
  it('posts a Slack message with an escaped mrkdwn link to the request', async () => {
    await createChatNotifier({ webhookUrl: fake.url, format: 'slack' }).send(URGENT);
    expect(fake.messages).toEqual([
      {
        text: 'Urgent: Smith Plumbing &lt;site down&gt;: My website is down &amp; customers\ncannot book.',
        blocks: [
          {
            type: 'section',
            text: {
              type: 'mrkdwn',
              text:
                '*<https://agency.test/admin/support/42?tab=a%7Cb|Urgent: Smith Plumbing &lt;site down&gt;>*\n' +
                'My website is down &amp; customers\ncannot book.',
            },
          },
        ],
      },
    ]);
  });

  it('posts a Teams MessageCard with an OpenUri action, and no action without a link', async () => {
    const teams = createChatNotifier({ webhookUrl: fake.url, format: 'teams' });
    await teams.send(URGENT);
    await teams.send({ title: 'Certificate expires soon', text: 'smith.test in 10 days' });
    expect(fake.messages).toEqual([
      {
        '@type': 'MessageCard',
        '@context': 'https://schema.org/extensions',
        summary: URGENT.title,
        themeColor: '0076D7',
        title: URGENT.title,
        text: 'My website is down & customers\n\ncannot book.',
        potentialAction: [
          {
            '@type': 'OpenUri',
            name: 'Open',
            targets: [{ os: 'default', uri: 'https://agency.test/admin/support/42?tab=a%7Cb' }],
          },
        ],
      },
      {
        '@type': 'MessageCard',
        '@context': 'https://schema.org/extensions',
        summary: 'Certificate expires soon',
        themeColor: '0076D7',
        title: 'Certificate expires soon',
        text: 'smith.test in 10 days',
      },
    ]);
  });

  it('links only http(s) addresses and keeps long texts within Slack’s block limit', async () => {
    const slack = createChatNotifier({ webhookUrl: fake.url, format: 'slack' });
    await slack.send({ title: 'T', text: 'x'.repeat(5000), url: 'javascript:alert(1)' });
    const [message] = fake.messages as { blocks: { text: { text: string } }[] }[];
    const section = message!.blocks[0]!.text.text;
    expect(section.startsWith('*T*\nxxx')).toBe(true);
    expect(section).toHaveLength(3000);
    expect(section.endsWith('…')).toBe(true);
  });

  it('does nothing when no webhook is configured', async () => {
    const failing = (() => {
      throw new Error('must not be called');
    }) as unknown as typeof fetch;
    for (const webhookUrl of [undefined, '', '  ']) {
      await expect(
        createChatNotifier({ webhookUrl, format: 'slack', fetch: failing }).send(URGENT),
      ).resolves.toBeUndefined();
    }
    expect(fake.attempts).toBe(0);
  });

  it('tries once more after a server error', async () => {
    fake.failNext(503);
    await createChatNotifier({ webhookUrl: fake.url, format: 'slack' }).send(URGENT);
    expect(fake.attempts).toBe(2);
    expect(fake.messages).toHaveLength(1);
  });

  it('throws with the status when the retry fails too, or at once on a refusal', async () => {
    const slack = createChatNotifier({ webhookUrl: fake.url, format: 'slack' });
    fake.failNext(500, 502);
    const error = await slack.send(URGENT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatWebhookError);
    expect((error as ChatWebhookError).status).toBe(502);
    expect((error as Error).message).toBe('Chat webhook answered 502: fake_failure');
    expect((error as Error).message).not.toContain(fake.url);
    expect(fake.attempts).toBe(2);

    fake.failNext(404);
    await expect(slack.send(URGENT)).rejects.toMatchObject({ status: 404 });
    expect(fake.attempts).toBe(3); // no retry of a client error
    expect(fake.messages).toHaveLength(0);
  });

  it('gives up after the time-out instead of waiting on a hung webhook', async () => {
    fake.delay(2000);
    await expect(
      createChatNotifier({ webhookUrl: fake.url, format: 'teams', timeoutMs: 150 }).send(URGENT),
    ).rejects.toThrow('Chat webhook did not answer within 150 ms');
    // Had it waited, the fake's 200 after 2 s would have resolved the send instead.
  });

  it('says so when the webhook cannot be reached, without naming its URL', async () => {
    const url = fake.url;
    await fake.close();
    fake = await startChatFake(); // for afterEach
    const error = await createChatNotifier({ webhookUrl: url, format: 'slack' })
      .send(URGENT)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: null });
    expect((error as Error).message).toMatch(/^Chat webhook could not be reached/);
    expect((error as Error).message).not.toContain(url);
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      seen.push(input as string, init?.body as string);
      return new Response('ok', { status: 200 });
    };
    await createChatNotifier({
      webhookUrl: 'https://hooks.example.test/x',
      format: 'slack',
      fetch: recording,
    }).send({ title: 'A', text: 'B' });
    expect(seen[0]).toBe('https://hooks.example.test/x');
    expect(JSON.parse(seen[1]!)).toMatchObject({ text: 'A: B' });
  });

  it('the fake refuses what a webhook would refuse', async () => {
    const notJson = await fetch(fake.url, { method: 'POST', body: 'hello' });
    expect(notJson.status).toBe(400);
    expect(await notJson.text()).toBe('invalid_payload');
    expect(fake.messages).toHaveLength(0);
  });
});
