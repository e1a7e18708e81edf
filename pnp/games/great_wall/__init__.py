"""Great Wall of China: wall cards, favour tokens, success checks and the end-game chain."""
