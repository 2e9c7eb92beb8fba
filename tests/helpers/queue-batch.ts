/** The batch the queue's store and plan tests make (service 's'). */
export const batch = {
  service: 's',
  label: 'b',
  folder: '/tmp/x',
  template: '{recording_id}.{format}',
  existing: 'rename' as const,
};
