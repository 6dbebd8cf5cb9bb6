/** What the bot says about voice notes and photos (neutral reply markup). */

export const VOICE_TYPE_INSTEAD = 'I cannot listen to voice notes yet. Please type what you want to tell me.';

export const PHOTO_NOT_READ = 'I cannot look at photos yet. Please describe what you see in words.';

export const PHOTO_KEPT =
  'I do not read images, but I have kept this photo with the consult for your supervisor to see. Please tell me in words what it shows (for example "RDT positive" or "MUAC 118 mm, red").';

/** The echo of a transcript, waiting for YES or a typed correction. */
export function transcriptEcho(transcript: string): string {
  return `I heard: "${transcript}"\n\nReply YES to use it, or type the correction.`;
}

export function voiceTooLong(maxSeconds: number): string {
  return `That voice note is longer than I can take (${durationText(maxSeconds)} at most). Please type what you want to tell me, or send a shorter voice note.`;
}

export function fileTooLarge(kind: 'voice note' | 'photo', maxBytes: number): string {
  return `That ${kind} is too large for me (${Math.floor(maxBytes / (1024 * 1024)) || 1} MB at most). Please type what you want to tell me.`;
}

function durationText(seconds: number): string {
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}
