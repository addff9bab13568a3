/**
 * Team notifications in a chat channel through an incoming webhook (Slack, or Teams' Office 365
 * connector cards). The webhook URL is a secret: it appears in no error message.
 */
export interface ChatMessage {
  title: string;
  text: string;
  url?: string;
}

export interface ChatNotifier {
  send(message: ChatMessage): Promise<void>;
}

/** A refused or failed delivery; `status` is null when no answer came (time-out, no connection). */
export class ChatWebhookError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChatWebhookError';
  }
}

const SLACK_SECTION_LIMIT = 3000; // characters of a section block's text

/** Only http(s) links, with the characters that end a Slack link escaped. */
function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    return parsed.href.replace(/\|/g, '%7C').replace(/</g, '%3C').replace(/>/g, '%3E');
  } catch {
    return undefined;
  }
}

// Slack reads &, < and > as markup (links, mentions); text from clients must not make any.
const slackEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const clip = (value: string, max: number) =>
  value.length <= max ? value : `${value.slice(0, max - 1)}…`;

export function slackPayload(message: ChatMessage) {
  const title = slackEscape(message.title);
  const url = safeUrl(message.url);
  const heading = url ? `*<${url}|${title}>*` : `*${title}*`;
  return {
    // Shown in notifications; the block is what the channel shows.
    text: clip(`${title}: ${slackEscape(message.text)}`, SLACK_SECTION_LIMIT),
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: clip(`${heading}\n${slackEscape(message.text)}`, SLACK_SECTION_LIMIT),
        },
      },
    ],
  };
}

export function teamsPayload(message: ChatMessage) {
  const url = safeUrl(message.url);
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: message.title,
    themeColor: '0076D7',
    title: message.title,
    // A card's text is Markdown, where a single line break joins lines: keep the client's breaks.
    text: message.text.replace(/\r?\n/g, '\n\n'),
    ...(url
      ? {
          potentialAction: [
            { '@type': 'OpenUri', name: 'Open', targets: [{ os: 'default', uri: url }] },
          ],
        }
      : {}),
  };
}

export function createChatNotifier(config: {
  webhookUrl: string | undefined;
  format: 'slack' | 'teams';
  timeoutMs?: number;
  fetch?: typeof fetch;
}): ChatNotifier {
  const webhookUrl = config.webhookUrl?.trim();
  if (!webhookUrl) return { send: async () => {} };
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 5000;

  async function post(body: string): Promise<{ status: number; text: string }> {
    try {
      const response = await doFetch(webhookUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error', // a webhook that redirects is not the one configured
      });
      return { status: response.status, text: (await response.text()).slice(0, 200) };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ChatWebhookError(
        timedOut
          ? `Chat webhook did not answer within ${timeoutMs} ms`
          : `Chat webhook could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        null,
        { cause: error },
      );
    }
  }

  return {
    async send(message) {
      const body = JSON.stringify(
        config.format === 'slack' ? slackPayload(message) : teamsPayload(message),
      );
      let answer = await post(body);
      // One more try after a server error: Slack and Teams answer 5xx on passing outages.
      if (answer.status >= 500) answer = await post(body);
      if (answer.status < 200 || answer.status >= 300) {
        const detail = answer.text.trim() ? `: ${answer.text.trim()}` : '';
        throw new ChatWebhookError(
          `Chat webhook answered ${answer.status}${detail}`,
          answer.status,
        );
      }
    },
  };
}
