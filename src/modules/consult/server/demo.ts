export async function seedConsultDemo(): Promise<void> {}
